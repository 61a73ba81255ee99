//! Arguments from Python, converted with a check: a Python int out of the
//! range an argument takes (negative, or past what the library can hold)
//! is a ValueError with a clear message, never the OverflowError a plain
//! conversion raises; a non-integer stays a TypeError.

use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyByteArray, PyBytes, PyInt, PyString};

/// `obj` as a whole number from 0 to `max`, or `None` when it is an int
/// out of that range (an int too large even for `i128` included). A
/// non-integer is a TypeError.
fn whole(obj: Borrowed<'_, '_, PyAny>, max: u64) -> PyResult<Option<u64>> {
    // A bool is an int to Python, but True is no heap size or bound.
    if obj.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{} is a bool, not a whole number; give an int",
            &*obj
        )));
    }
    match obj.extract::<i128>() {
        Ok(n) => Ok(u64::try_from(n).ok().filter(|&n| n <= max)),
        Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => Ok(None),
        Err(e) => Err(e),
    }
}

/// A heap size or a bound: a Python int from 0 to 2**64 - 1. A negative or
/// larger int is a ValueError (bad input), not the OverflowError a plain
/// conversion would raise; a non-integer is a TypeError.
#[derive(Clone, Copy, Debug)]
pub struct Size(pub u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Size {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        whole(obj, u64::MAX)?.map(Size).ok_or_else(|| {
            PyValueError::new_err(format!(
                "{} is not a size: heap sizes and bounds are whole numbers from 0 to 2**64 - 1",
                &*obj
            ))
        })
    }
}

/// The most winning moves listed: a Python int from 0 up (the solver says
/// how many it lists at most).
#[derive(Clone, Copy, Debug)]
pub struct Limit(pub usize);

impl<'a, 'py> FromPyObject<'a, 'py> for Limit {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        whole(obj, u64::try_from(usize::MAX).unwrap_or(u64::MAX))?
            .and_then(|n| usize::try_from(n).ok())
            .map(Limit)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "limit={} is out of range: the moves listed are a whole number from 0 up",
                    &*obj
                ))
            })
    }
}

/// A number of heaps in a position: a Python int from 0 to 2**32 - 1 (the
/// solver says which counts it takes).
#[derive(Clone, Copy, Debug)]
pub struct HeapCount(pub u32);

impl<'a, 'py> FromPyObject<'a, 'py> for HeapCount {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        whole(obj, u64::from(u32::MAX))?
            .map(|n| HeapCount(n as u32))
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "heaps={} is out of range: a position has a whole number of heaps, 1 or more",
                    &*obj
                ))
            })
    }
}

/// A number of bytes: a Python int from 1 to 2**64 - 1.
#[derive(Clone, Copy, Debug)]
pub struct Bytes(pub u64);

impl<'a, 'py> FromPyObject<'a, 'py> for Bytes {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        whole(obj, u64::MAX)?
            .filter(|&n| n > 0)
            .map(Bytes)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "a budget of {} bytes is out of range; give a number of bytes from 1 to 2**64 - 1, such as 1 << 30",
                    &*obj
                ))
            })
    }
}

/// One position's heaps: a heap size or a sequence of them.
#[derive(Debug)]
pub struct Heaps(pub Vec<u64>);

impl<'a, 'py> FromPyObject<'a, 'py> for Heaps {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<PyInt>() {
            return Ok(Heaps(vec![obj.extract::<Size>()?.0]));
        }
        if obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err(
                "heaps are an int or a sequence of ints, not a string",
            ));
        }
        // Bytes are a sequence of ints to Python, but b'\x03\x05' is no
        // position: refused as strings are.
        if obj.is_instance_of::<PyBytes>() || obj.is_instance_of::<PyByteArray>() {
            return Err(PyTypeError::new_err(
                "heaps are an int or a sequence of ints, not bytes; write [3, 5], not b'\\x03\\x05'",
            ));
        }
        let sizes: Vec<Size> = obj.extract()?;
        Ok(Heaps(sizes.into_iter().map(|s| s.0).collect()))
    }
}

impl Heaps {
    pub fn into_vec(self) -> Vec<u64> {
        self.0
    }
}
