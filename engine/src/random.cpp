#include "pokerengine/random.hpp"

#include <cerrno>
#include <system_error>

#if defined(__linux__) || defined(__FreeBSD__) || defined(__DragonFly__) || defined(__NetBSD__)
#include <sys/random.h>
#define POKERENGINE_HAVE_GETRANDOM 1
#elif defined(__APPLE__) || defined(__OpenBSD__)
#include <unistd.h>
#else
#error "os_random needs getrandom(2) or getentropy(3) on this platform"
#endif

namespace pokerengine {

namespace {

void fill_from_os(unsigned char* bytes, std::size_t size) {
#if defined(POKERENGINE_HAVE_GETRANDOM)
    // getrandom may return fewer bytes than asked or be interrupted by a
    // signal before the pool is ready; keep asking until the buffer is full.
    while (size > 0) {
        const ssize_t got = getrandom(bytes, size, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            throw std::system_error(errno, std::generic_category(), "os_random: getrandom failed");
        }
        bytes += got;
        size -= static_cast<std::size_t>(got);
    }
#else
    // getentropy fills at most 256 bytes per call and never returns short.
    while (size > 0) {
        const std::size_t chunk = size < 256 ? size : 256;
        if (getentropy(bytes, chunk) != 0)
            throw std::system_error(errno, std::generic_category(), "os_random: getentropy failed");
        bytes += chunk;
        size -= chunk;
    }
#endif
}

}  // namespace

void os_random::refill() {
    fill_from_os(reinterpret_cast<unsigned char*>(buffer_.data()), sizeof buffer_);
    next_ = 0;
}

xoshiro256ss seeded_from_os() {
    os_random entropy;
    xoshiro256ss::state_type state{};
    // The all-zero state is invalid; drawing it has probability 2^-256.
    while ((state[0] | state[1] | state[2] | state[3]) == 0) {
        for (std::uint64_t& word : state) word = entropy();
    }
    return xoshiro256ss{state};
}

}  // namespace pokerengine
