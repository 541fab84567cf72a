//! The host's tests that watch their whole process, in one test binary that runs them one at a
//! time: the fuzzer and the load test count every panic in the process (a guard catching one on
//! purpose included), the load test compares the process's open files before and after its crowd
//! of connections, and the flood lowers and raises the process's open-file limit. Any other test
//! running beside one of them would skew what it counts, so they live apart from `tests/host/`,
//! and each holds `alone()` while it runs. One binary rather than three: each test binary links
//! the whole host with link-time optimisation, the longest part of the test suite's build.

#[path = "../common/mod.rs"]
mod common;

mod flood;
mod fuzz;
mod load;

/// Held by each test of this binary for its whole run, so none runs beside another.
static WHOLE_PROCESS: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The process to one test until the guard drops (a test that failed still passes it on).
pub(crate) fn alone() -> std::sync::MutexGuard<'static, ()> {
    WHOLE_PROCESS.lock().unwrap_or_else(|e| e.into_inner())
}
