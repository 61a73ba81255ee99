"""README's Python example works exactly as written."""

import doctest
import pathlib
import re

import grundy

README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def test_readme_example():
    text = README.read_text()
    section = text[text.index("## Python"):]
    assert "pip install ./crates/grundy-py" in section
    [example] = re.findall(r"```pycon\n(.*?)```", section, re.S)
    test = doctest.DocTestParser().get_doctest(example, {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner()
    out = []
    runner.run(test, out=out.append)
    grundy.configure()
    assert test.examples and runner.failures == 0, "".join(out)
