#pragma once
// Progress of long work, reported to the caller: the shape of every progress
// callback of the library (odds, equity, replay).

#include <cstdint>
#include <functional>

namespace pokerengine {

/// Called now and then on the calling thread (about ten times a second at
/// most, and once at the end) with the work done and the work to do, in the
/// unit the caller documents (hands, deals, bytes); `total` is 0 when it is
/// not known. An exception it throws stops the work, which then rethrows it
/// to the caller once every thread has been joined.
///
///     progress_callback report = [](std::uint64_t done, std::uint64_t total) {
///         if (total) std::fprintf(stderr, "\r%3d%%", int(100 * done / total));
///     };
using progress_callback = std::function<void(std::uint64_t done, std::uint64_t total)>;

}  // namespace pokerengine
