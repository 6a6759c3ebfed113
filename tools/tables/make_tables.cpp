// Builds the high-hand evaluator's lookup tables from the declarative ranking
// list and writes them as C++ source: make_tables HEADER SOURCE.
//
// Every five-card hand shape (a rank multiset, or five distinct ranks in one
// suit) is classified by the best pattern of the ranking it matches and
// ordered within its pattern by its ranks; the class number is the hand value.
// Larger hands take the best of their five-card sub-hands, so the rank table
// covers every rank multiset of 5 to 7 cards and the flush table every suit
// mask. The rank table is reached through a perfect hash of the additive key.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <fstream>
#include <iostream>
#include <map>
#include <numeric>
#include <string>
#include <unordered_map>
#include <vector>

#include "pokerengine/detail/hand_key.hpp"
#include "pokerengine/detail/ranking_list.hpp"

using namespace pokerengine;
using namespace pokerengine::detail;

namespace {

using counts = std::array<int, rank_count>;

std::uint64_t key_of(const counts& c) {
    std::uint64_t key = 0;
    for (int r = 0; r < rank_count; ++r) key += static_cast<std::uint64_t>(c[static_cast<std::size_t>(r)]) * rank_digit(r);
    return key;
}

bool is_straight(unsigned mask) {
    if (std::popcount(mask) != 5) return false;
    if (mask == 0x100F) return true;  // A-2-3-4-5
    return (mask >> std::countr_zero(mask)) == 0x1F;
}

struct shape_entry {
    int pattern;                  // index in the ranking list
    std::vector<int> order_key;   // ranks in reading order; a wheel's ace counts as -1
    hand_shape shape;
    std::uint64_t rank_key;       // for non-flush shapes
    unsigned flush_mask;          // for flush shapes, else 0
};

// Classifies one five-card shape by the best pattern it matches.
shape_entry classify(const counts& c, bool suited) {
    unsigned mask = 0;
    std::vector<std::pair<int, int>> groups;  // (size, rank)
    for (int r = rank_count - 1; r >= 0; --r)
        if (int n = c[static_cast<std::size_t>(r)]) {
            mask |= 1u << r;
            groups.emplace_back(n, r);
        }
    std::stable_sort(groups.begin(), groups.end(), [](auto a, auto b) { return a.first > b.first; });
    bool straight = is_straight(mask);
    bool wheel = mask == 0x100F;

    shape_entry e{};
    e.pattern = -1;
    for (std::size_t p = 0; p < high_ranking.size(); ++p) {
        const hand_pattern& pat = high_ranking[p];
        bool groups_match = true;
        for (std::size_t g = 0; g < 5; ++g) {
            int want = pat.groups[g];
            int have = g < groups.size() ? groups[g].first : 0;
            groups_match &= want == have;
        }
        bool straight_ok = pat.straight == straight_rule::any ||
                           (pat.straight == straight_rule::required && straight) ||
                           (pat.straight == straight_rule::ace_high_required && straight && !wheel && (mask >> 12));
        bool flush_ok = pat.flush == flush_rule::any || suited;
        if (groups_match && straight_ok && flush_ok) e.pattern = static_cast<int>(p);
    }
    if (e.pattern < 0) throw std::logic_error("a five-card shape matches no pattern");

    std::vector<int> ranks;
    for (auto [size, rank] : groups)
        for (int i = 0; i < size; ++i) ranks.push_back(rank);
    bool straight_pattern = high_ranking[static_cast<std::size_t>(e.pattern)].straight != straight_rule::any;
    if (straight_pattern && wheel) ranks = {3, 2, 1, 0, 12};
    for (std::size_t i = 0; i < 5; ++i) {
        e.shape.ranks[i] = static_cast<Rank>(ranks[i]);
        e.order_key.push_back(straight_pattern && wheel && ranks[i] == 12 ? -1 : ranks[i]);
    }
    e.shape.category = high_ranking[static_cast<std::size_t>(e.pattern)].category;
    e.rank_key = key_of(c);
    e.flush_mask = suited ? mask : 0;
    return e;
}

// Calls f(counts) for every rank multiset of exactly n cards, at most 4 of a rank.
template <class F>
void for_each_multiset(int n, F&& f) {
    counts c{};
    auto rec = [&](auto&& self, int rank, int left) -> void {
        if (rank == rank_count) {
            if (left == 0) f(c);
            return;
        }
        for (int k = 0; k <= std::min(4, left); ++k) {
            c[static_cast<std::size_t>(rank)] = k;
            self(self, rank + 1, left - k);
        }
        c[static_cast<std::size_t>(rank)] = 0;
    };
    rec(rec, 0, n);
}

struct perfect_hash {
    std::uint32_t multiplier = 0;
    int bucket_bits = 0, slot_bits = 0;
    std::vector<std::uint16_t> displacement;
    std::vector<std::uint32_t> slot_of_key;  // parallel to the key list
    int bucket_shift() const { return 32 - bucket_bits; }
    int slot_shift() const { return 32 - bucket_bits - slot_bits; }
};

std::uint64_t splitmix(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// Hash and displace: with h = key * multiplier (32 bits), the top bits of h pick a
// bucket and the next slot_bits bits a column; the slot is column XOR
// displacement[bucket]. Buckets are placed largest first, each with the
// lowest displacement that lands all its keys on free slots.
bool try_build(const std::vector<std::uint64_t>& keys, std::uint32_t multiplier, int bucket_bits, int slot_bits,
               perfect_hash& out) {
    perfect_hash ph;
    ph.multiplier = multiplier;
    ph.bucket_bits = bucket_bits;
    ph.slot_bits = slot_bits;
    std::size_t buckets = std::size_t{1} << bucket_bits;
    std::uint32_t table_size = 1u << slot_bits;
    std::vector<std::vector<std::uint32_t>> columns(buckets);
    std::vector<std::uint32_t> bucket_of(keys.size()), column_of(keys.size());
    for (std::uint32_t i = 0; i < keys.size(); ++i) {
        std::uint32_t h = static_cast<std::uint32_t>(keys[i]) * multiplier;
        bucket_of[i] = static_cast<std::uint32_t>(h >> ph.bucket_shift());
        column_of[i] = static_cast<std::uint32_t>(h >> ph.slot_shift()) & (table_size - 1);
        columns[bucket_of[i]].push_back(column_of[i]);
    }
    for (auto& c : columns) {
        std::sort(c.begin(), c.end());
        if (std::adjacent_find(c.begin(), c.end()) != c.end()) return false;
    }
    std::vector<std::uint32_t> order(buckets);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return columns[a].size() > columns[b].size(); });
    std::vector<std::uint8_t> used(table_size, 0);
    ph.displacement.assign(buckets, 0);
    for (auto b : order) {
        const auto& c = columns[b];
        if (c.empty()) continue;
        std::uint32_t d = 0;
        while (!std::all_of(c.begin(), c.end(), [&](std::uint32_t col) { return !used[col ^ d]; }))
            if (++d == table_size) return false;
        ph.displacement[b] = static_cast<std::uint16_t>(d);
        for (auto col : c) used[col ^ d] = 1;
    }
    ph.slot_of_key.resize(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) ph.slot_of_key[i] = column_of[i] ^ ph.displacement[bucket_of[i]];
    out = std::move(ph);
    return true;
}

// The first multiplier of a fixed sequence that works, so every build makes the same tables.
perfect_hash build_hash(const std::vector<std::uint64_t>& keys, int bucket_bits, int slot_bits) {
    std::uint64_t seed = 0x5eed;
    for (int attempt = 0; attempt < 5000; ++attempt) {
        perfect_hash ph;
        if (try_build(keys, static_cast<std::uint32_t>(splitmix(seed)) | 1, bucket_bits, slot_bits, ph)) return ph;
    }
    throw std::runtime_error("no perfect hash found");
}

template <class T>
void write_array(std::ostream& out, const char* type, const char* name, const std::vector<T>& values) {
    out << "alignas(64) const " << type << ' ' << name << '[' << values.size() << "] = {";
    for (std::size_t i = 0; i < values.size(); ++i) out << (i % 16 ? " " : "\n    ") << +values[i] << ',';
    out << "\n};\n";
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: make_tables HEADER SOURCE\n";
        return 2;
    }

    // Every five-card shape, classified and put in order.
    std::vector<shape_entry> shapes;
    for_each_multiset(5, [&](const counts& c) {
        shapes.push_back(classify(c, false));
        if (std::all_of(c.begin(), c.end(), [](int n) { return n <= 1; })) shapes.push_back(classify(c, true));
    });
    std::sort(shapes.begin(), shapes.end(), [](const shape_entry& a, const shape_entry& b) {
        return std::tie(a.pattern, a.order_key) < std::tie(b.pattern, b.order_key);
    });
    std::vector<std::uint32_t> shape_codes{0};
    std::unordered_map<std::uint64_t, std::uint16_t> five_rank_value;
    std::vector<std::uint16_t> flush_values(8192, 0);
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        const shape_entry& s = shapes[i];
        auto value = static_cast<std::uint16_t>(i + 1);
        if (i > 0 && std::tie(s.pattern, s.order_key) == std::tie(shapes[i - 1].pattern, shapes[i - 1].order_key))
            throw std::logic_error("two shapes tie");
        shape_codes.push_back(pack_shape(s.shape));
        if (s.flush_mask)
            flush_values[s.flush_mask] = value;
        else
            five_rank_value[s.rank_key] = value;
    }

    // Flush table: the best five-card flush within each suit mask.
    for (unsigned mask = 0; mask < 8192; ++mask) {
        if (std::popcount(mask) <= 5) continue;
        std::uint16_t best = 0;
        for (unsigned rest = mask; rest; rest &= rest - 1) best = std::max(best, flush_values[mask & ~(rest & -rest)]);
        flush_values[mask] = best;
    }

    // Rank tables: the best five cards of every rank multiset of 5 to 7 cards;
    // seven-card hands have a table of their own, five and six cards share one.
    std::unordered_map<std::uint64_t, std::uint16_t> rank_value = five_rank_value;
    std::vector<std::uint64_t> keys7, keys56;
    for (int n = 5; n <= 7; ++n)
        for_each_multiset(n, [&](const counts& c) {
            std::uint64_t key = key_of(c);
            (n == 7 ? keys7 : keys56).push_back(key);
            if (n == 5) return;
            std::uint16_t best = 0;
            for (int r = 0; r < rank_count; ++r)
                if (c[static_cast<std::size_t>(r)]) best = std::max(best, rank_value.at(key - rank_digit(r)));
            rank_value[key] = best;
        });

    struct table_spec {
        const char* name;
        const std::vector<std::uint64_t>& keys;
        int bucket_bits, slot_bits;
    };
    std::ofstream header(argv[1]);
    std::ofstream source(argv[2]);
    header << "// Generated by tools/tables/make_tables from engine/pokerengine/detail/ranking_list.hpp.\n"
           << "#pragma once\n#include <cstdint>\n\n"
           << "namespace pokerengine::detail::high_tables {\n\n"
           << "inline constexpr std::uint32_t class_count = " << shapes.size() << ";\n"
           << "extern const std::uint16_t flush_values[8192];\n"
           << "// Each value's hand_shape code (24 bits), kept as a 16-bit low part and an 8-bit high part.\n"
           << "extern const std::uint16_t shapes_low[" << shape_codes.size() << "];\n"
           << "extern const std::uint8_t shapes_high[" << shape_codes.size() << "];\n"
           << "inline std::uint32_t shape_code(std::uint32_t value) {\n"
           << "    return static_cast<std::uint32_t>(shapes_high[value]) << 16 | shapes_low[value];\n}\n";
    source << "// Generated by tools/tables/make_tables from engine/pokerengine/detail/ranking_list.hpp.\n"
           << "#include \"high_tables.hpp\"\n\nnamespace pokerengine::detail::high_tables {\n\n";
    std::vector<std::uint16_t> shapes_low;
    std::vector<std::uint8_t> shapes_high;
    for (std::uint32_t code : shape_codes) {
        shapes_low.push_back(static_cast<std::uint16_t>(code & 0xFFFF));
        shapes_high.push_back(static_cast<std::uint8_t>(code >> 16));
    }
    std::size_t bytes = sizeof(std::uint16_t) * flush_values.size() + 3 * shape_codes.size();
    for (const table_spec& spec : {table_spec{"seven", keys7, 12, 16}, table_spec{"five_six", keys56, 11, 15}}) {
        perfect_hash ph = build_hash(spec.keys, spec.bucket_bits, spec.slot_bits);
        std::vector<std::uint16_t> table(std::size_t{1} << spec.slot_bits, 0);
        for (std::size_t i = 0; i < spec.keys.size(); ++i) table[ph.slot_of_key[i]] = rank_value.at(spec.keys[i]);
        std::string n = spec.name;
        header << "\n// Rank multisets of " << (n == "seven" ? "seven cards" : "five or six cards") << ": "
               << spec.keys.size() << " keys.\n"
               << "inline constexpr std::uint32_t " << n << "_multiplier = " << ph.multiplier << "U;\n"
               << "inline constexpr int " << n << "_bucket_shift = " << ph.bucket_shift() << ";\n"
               << "inline constexpr int " << n << "_slot_shift = " << ph.slot_shift() << ";\n"
               << "inline constexpr std::uint32_t " << n << "_slot_mask = " << table.size() - 1 << ";\n"
               << "extern const std::uint16_t " << n << "_displacement[" << ph.displacement.size() << "];\n"
               << "extern const std::uint16_t " << n << "_values[" << table.size() << "];\n";
        write_array(source, "std::uint16_t", (n + "_displacement").c_str(), ph.displacement);
        write_array(source, "std::uint16_t", (n + "_values").c_str(), table);
        bytes += 2 * (table.size() + ph.displacement.size());
    }
    header << "\ninline constexpr std::size_t table_bytes = " << bytes << ";\n"
           << "\n}  // namespace pokerengine::detail::high_tables\n";
    write_array(source, "std::uint16_t", "flush_values", flush_values);
    write_array(source, "std::uint16_t", "shapes_low", shapes_low);
    write_array(source, "std::uint8_t", "shapes_high", shapes_high);
    source << "\n}  // namespace pokerengine::detail::high_tables\n";
    std::cerr << "make_tables: " << shapes.size() << " classes, " << keys7.size() + keys56.size()
              << " rank multisets, " << bytes << " bytes of tables\n";
    return header && source ? 0 : 1;
}
