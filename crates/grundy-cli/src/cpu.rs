//! CPU time this process has used, for `--stats`: what a survey running one
//! game a core pays, as elapsed time is what one waits.

use std::time::Duration;

/// User plus system CPU time of this process so far, from
/// `/proc/self/stat` (Linux); `None` where it cannot be read.
pub fn used() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name, which is in parentheses and may hold
    // spaces: state is field 3, utime 14, stime 15 (proc(5)).
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i - 3)?.parse::<u64>().ok();
    // USER_HZ, the unit of these fields, is 100 on every Linux ABI.
    let total = ticks(14)? + ticks(15)?;
    Some(Duration::from_millis(total * 10))
}

#[cfg(test)]
mod tests {
    #[test]
    fn cpu_time_grows_with_work() {
        let Some(before) = super::used() else { return };
        let mut x = 0u64;
        let start = std::time::Instant::now();
        while start.elapsed() < std::time::Duration::from_millis(300) {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
        }
        std::hint::black_box(x);
        let after = super::used().unwrap();
        assert!(after > before, "{before:?} -> {after:?}");
    }
}
