//! The survey's error: one message saying what failed and how to fix it.

use std::fmt;

/// What went wrong in a survey: a bad family or option, a database that is
/// not a survey catalogue (or is damaged), or the solver's error. Its
/// message says what is wrong in the survey's terms; a front end names its
/// own flag or parameter from [`SurveyError::setting`].
#[derive(Debug)]
pub struct SurveyError {
    message: String,
    usage: bool,
    setting: Option<Setting>,
}

/// Which setting of a survey a usage error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Setting {
    /// The bound of each game's period search.
    MaxHeaps,
    /// The shard, `I/N`.
    Shard,
    /// The digits of an octal or hexadecimal family.
    Digits,
    /// The largest element of a subtraction family.
    MaxElement,
    /// The games of a list family.
    Games,
}

impl SurveyError {
    /// An error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        SurveyError {
            message: message.into(),
            usage: false,
            setting: None,
        }
    }

    /// An error in what the user asked for (a bad family, shard or option).
    pub fn usage(message: impl Into<String>) -> Self {
        SurveyError {
            message: message.into(),
            usage: true,
            setting: None,
        }
    }

    /// A usage error about `setting`.
    pub fn setting(setting: Setting, message: impl Into<String>) -> Self {
        SurveyError {
            setting: Some(setting),
            ..SurveyError::usage(message)
        }
    }

    /// The setting a usage error is about, if one is.
    pub fn about(&self) -> Option<Setting> {
        self.setting
    }

    /// Whether the user asked for something impossible (exit status 2).
    pub fn is_usage(&self) -> bool {
        self.usage
    }
}

impl fmt::Display for SurveyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SurveyError {}

impl From<grundy_service::Error> for SurveyError {
    fn from(e: grundy_service::Error) -> Self {
        let usage = matches!(
            e.kind(),
            grundy_service::ErrorKind::InvalidSpec | grundy_service::ErrorKind::InvalidInput
        );
        SurveyError {
            message: e.to_string(),
            usage,
            setting: None,
        }
    }
}
