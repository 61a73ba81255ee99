"""The examples in the docstrings run as written (doctest)."""

import doctest
import inspect

import pytest

import grundy


def docstrings():
    """Every docstring of the module, its classes, methods and functions."""
    yield "grundy", grundy.__doc__
    for name, obj in sorted(vars(grundy).items()):
        if name.startswith("_") or not (inspect.isclass(obj) or callable(obj)):
            continue
        yield f"grundy.{name}", obj.__doc__
        if inspect.isclass(obj):
            for attr, member in sorted(vars(obj).items()):
                if not attr.startswith("_"):
                    yield f"grundy.{name}.{attr}", getattr(member, "__doc__", None)


EXAMPLES = [(name, doc) for name, doc in docstrings() if doc and ">>>" in doc]


def test_there_are_examples():
    assert len(EXAMPLES) >= 12


@pytest.mark.parametrize("name,doc", EXAMPLES, ids=[n for n, _ in EXAMPLES])
def test_docstring_examples(name, doc):
    parser = doctest.DocTestParser()
    test = parser.get_doctest(doc, {}, name, None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.IGNORE_EXCEPTION_DETAIL)
    out = []
    runner.run(test, out=out.append)
    grundy.configure()
    assert runner.failures == 0, "".join(out)
