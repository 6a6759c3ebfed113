#pragma once
// Random numbers whose output is fixed by this library, not by the standard
// library: a seeded generator, an unbiased bounded draw, and an OS source.

#include <array>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>

namespace pokerengine {

/// A generator whose every call yields 64 uniformly random bits
/// (`min() == 0`, `max() == 2^64 - 1`), as `uniform_below` needs.
template <class G>
concept full_range_uint64_generator =
    std::uniform_random_bit_generator<G> && std::same_as<typename G::result_type, std::uint64_t> &&
    G::min() == 0 && G::max() == std::numeric_limits<std::uint64_t>::max();

/// SplitMix64 (Steele, Lea and Flood; Vigna's `splitmix64.c`): a tiny
/// generator used here to expand one 64-bit seed into a larger state.
///
///     splitmix64 mix{1234567};
///     assert(mix() == 6457827717110365317u);
class splitmix64 {
public:
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

    constexpr explicit splitmix64(std::uint64_t seed) : state_(seed) {}

    /// The next 64 random bits.
    constexpr result_type operator()() {
        std::uint64_t z = (state_ += 0x9e37'79b9'7f4a'7c15);
        z = (z ^ (z >> 30)) * 0xbf58'476d'1ce4'e5b9;
        z = (z ^ (z >> 27)) * 0x94d0'49bb'1331'11eb;
        return z ^ (z >> 31);
    }

    friend constexpr bool operator==(const splitmix64&, const splitmix64&) = default;

private:
    std::uint64_t state_;
};

/// xoshiro256** 1.0 (Blackman and Vigna, "Scrambled linear pseudorandom
/// number generators", 2021): fast, 256 bits of state, period 2^256 - 1.
///
/// The output stream is defined by the published algorithm, so a seed gives
/// the same numbers on every platform and compiler. Not cryptographic: use it
/// for reproducible deals and simulations; seed it with `seeded_from_os()`
/// when the deal must not be predictable.
///
///     xoshiro256ss rng{42};
///     std::uint64_t bits = rng();
///     std::uint64_t die = uniform_below(rng, 6) + 1;
class xoshiro256ss {
public:
    using result_type = std::uint64_t;
    using state_type = std::array<std::uint64_t, 4>;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

    /// Seeds the state with four outputs of `splitmix64{seed}`, as the authors
    /// recommend; every seed, including 0, gives a good state.
    constexpr explicit xoshiro256ss(std::uint64_t seed) {
        splitmix64 mix{seed};
        for (std::uint64_t& word : state_) word = mix();
    }

    /// Starts from an exact state, e.g. one saved with `state()`.
    /// Throws `std::invalid_argument` for the all-zero state, which never leaves zero.
    constexpr explicit xoshiro256ss(const state_type& state) : state_(state) {
        if ((state[0] | state[1] | state[2] | state[3]) == 0)
            throw std::invalid_argument("xoshiro256ss: the state must not be all zero");
    }

    /// The next 64 random bits.
    constexpr result_type operator()() {
        const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
        const std::uint64_t t = state_[1] << 17;
        state_[2] ^= state_[0];
        state_[3] ^= state_[1];
        state_[1] ^= state_[2];
        state_[0] ^= state_[3];
        state_[2] ^= t;
        state_[3] = rotl(state_[3], 45);
        return result;
    }

    /// Advances the state as if by 2^128 calls: successive jumps of one seeded
    /// generator give non-overlapping streams, e.g. one per thread.
    constexpr void jump() {
        constexpr state_type polynomial = {0x180e'c6d3'3cfd'0aba, 0xd5a6'1266'f0c9'392c, 0xa958'2618'e03f'c9aa,
                                           0x39ab'dc45'29b1'661c};
        state_type jumped{};
        for (std::uint64_t word : polynomial) {
            for (int bit = 0; bit < 64; ++bit) {
                if ((word >> bit) & 1) {
                    for (std::size_t i = 0; i < jumped.size(); ++i) jumped[i] ^= state_[i];
                }
                (*this)();
            }
        }
        state_ = jumped;
    }

    /// The current state; `xoshiro256ss{rng.state()}` continues the same stream.
    constexpr const state_type& state() const { return state_; }

    friend constexpr bool operator==(const xoshiro256ss&, const xoshiro256ss&) = default;

private:
    static constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

    state_type state_{};
};

/// The generator of block `block` of a job split into blocks (`blocks.hpp`):
/// its state is outputs 4 * block to 4 * block + 3 of `splitmix64{seed}`, so
/// block 0's is `xoshiro256ss{seed}`'s, and each block has a stream of its own
/// found from the seed and its index alone, wherever the block runs.
///
///     assert(block_generator(7, 0) == xoshiro256ss{7});
constexpr xoshiro256ss block_generator(std::uint64_t seed, std::uint64_t block) {
    // SplitMix64's state advances by a constant per output: skip 4 * block of them.
    splitmix64 mix{seed + 4 * block * 0x9e37'79b9'7f4a'7c15};
    xoshiro256ss::state_type state{};
    for (std::uint64_t& word : state) word = mix();
    return xoshiro256ss{state};
}

namespace detail {

/// The 128-bit product of two 64-bit numbers, as high and low halves.
struct wide_product {
    std::uint64_t high;
    std::uint64_t low;
};

constexpr wide_product multiply_wide(std::uint64_t a, std::uint64_t b) {
#if defined(__SIZEOF_INT128__)
    __extension__ using uint128 = unsigned __int128;
    const uint128 product = static_cast<uint128>(a) * b;
    return {static_cast<std::uint64_t>(product >> 64), static_cast<std::uint64_t>(product)};
#else
    const std::uint64_t a_lo = a & 0xffff'ffff, a_hi = a >> 32;
    const std::uint64_t b_lo = b & 0xffff'ffff, b_hi = b >> 32;
    const std::uint64_t lo_lo = a_lo * b_lo, hi_lo = a_hi * b_lo, lo_hi = a_lo * b_hi, hi_hi = a_hi * b_hi;
    const std::uint64_t middle = (lo_lo >> 32) + (hi_lo & 0xffff'ffff) + lo_hi;
    return {hi_hi + (hi_lo >> 32) + (middle >> 32), (middle << 32) | (lo_lo & 0xffff'ffff)};
#endif
}

}  // namespace detail

/// A uniformly random integer in `[0, bound)`, without bias, by Lemire's
/// multiply-and-reject method ("Fast random integer generation in an
/// interval", 2019). Throws `std::invalid_argument` when `bound` is 0.
///
/// Unlike `std::uniform_int_distribution`, whose output the standard leaves
/// to each library, the result depends only on the generator's stream.
///
///     xoshiro256ss rng{7};
///     std::uint64_t index = uniform_below(rng, 52);  // 0 ... 51
template <full_range_uint64_generator Generator>
constexpr std::uint64_t uniform_below(Generator& rng, std::uint64_t bound) {
    if (bound == 0) throw std::invalid_argument("uniform_below: the bound must be at least 1");
    detail::wide_product product = detail::multiply_wide(rng(), bound);
    // The high half is the draw; a low half below 2^64 mod bound marks one of the
    // few products that would make some results more likely, so draw again. The
    // division that finds 2^64 mod bound runs only when a rejection is possible.
    if (product.low < bound) {
        const std::uint64_t threshold = (0 - bound) % bound;
        while (product.low < threshold) product = detail::multiply_wide(rng(), bound);
    }
    return product.high;
}

/// Random bits from the operating system's cryptographic generator
/// (getrandom(2) on Linux), read in blocks. Not reproducible: for servers
/// dealing real money, or to seed `xoshiro256ss`.
///
/// Not copyable, since a copy would repeat the buffered values.
/// Calls throw `std::system_error` if the system cannot provide random bytes.
///
///     os_random entropy;
///     xoshiro256ss rng{entropy()};  // a fresh seed, worth logging to replay the deal
class os_random {
public:
    using result_type = std::uint64_t;
    static constexpr result_type min() { return 0; }
    static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }

    os_random() = default;
    os_random(const os_random&) = delete;
    os_random& operator=(const os_random&) = delete;

    /// The next 64 random bits.
    result_type operator()() {
        if (next_ == buffer_.size()) refill();
        return buffer_[next_++];
    }

private:
    void refill();

    std::array<std::uint64_t, 32> buffer_{};
    std::size_t next_ = buffer_.size();
};

/// A generator with all 256 bits of state drawn from `os_random`, so every
/// ordering of a 52-card deck (52! < 2^226) is reachable; a single 64-bit seed
/// reaches at most 2^64 of them. Throws `std::system_error` like `os_random`.
xoshiro256ss seeded_from_os();

static_assert(full_range_uint64_generator<splitmix64>);
static_assert(full_range_uint64_generator<xoshiro256ss>);
static_assert(full_range_uint64_generator<os_random>);

}  // namespace pokerengine
