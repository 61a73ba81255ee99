// The page of `grundy serve`: written on the web-page branch.
