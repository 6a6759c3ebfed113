#pragma once
// The library's one way of running work on several threads: every thread is
// joined before it returns, and the first exception of any worker or of the
// caller's progress callback reaches the caller instead of ending the process.

#include <atomic>
#include <chrono>
#include <functional>
#include <stdexcept>

namespace pokerengine {

/// The most threads a calculation accepts (odds, equity, video-poker returns).
inline constexpr unsigned max_threads = 256;

/// Throws `std::invalid_argument` unless `threads` is 1 to `max_threads`.
///
///     check_thread_count(8);  // fine; 0 or 100000 throw
void check_thread_count(unsigned long long threads);

/// A worker's view of the run: true once the run is to stop (another worker
/// or the progress callback threw), so long work can return early.
using stop_token = const std::atomic<bool>&;

/// Runs `work(t, stop)` for t = 0 .. `threads` - 1, each on a thread of its
/// own, and returns when every one has finished. Without `poll`, t = 0 runs on
/// the calling thread; with it, the calling thread calls `poll()` about every
/// `interval` while the workers run (for progress reports).
///
/// The first exception thrown by a worker, by `poll` or by starting a thread
/// is rethrown here, after `stop` has been set and every thread joined.
/// Throws `std::invalid_argument` for a thread count outside 1 .. `max_threads`.
///
///     std::atomic<int> sum{0};
///     run_parallel(4, [&](unsigned t, stop_token) { sum += static_cast<int>(t); });
///     assert(sum == 6);
void run_parallel(unsigned threads, const std::function<void(unsigned thread, stop_token stop)>& work,
                  const std::function<void()>& poll = {},
                  std::chrono::milliseconds interval = std::chrono::milliseconds{100});

}  // namespace pokerengine
