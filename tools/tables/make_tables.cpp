// Builds the evaluators' lookup tables from the declarative rankings and
// writes them as C++ source: make_tables HEADER SOURCE.
//
// For each ranking, every five-card hand shape (a rank multiset of the deck's
// ranks, or five distinct ranks in one suit where flushes count) is classified
// by the most specific pattern it matches and ordered within its pattern by
// its ranks; the position is the hand value (0 for a hand that does not
// qualify). Larger hands take the best of their five-card parts, so the rank
// table covers every rank multiset of 5 to 7 cards and the flush table every
// suit mask. The rank table is reached by row displacement of the rank key.

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
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "pokerengine/detail/hand_key.hpp"
#include "pokerengine/detail/ranking_list.hpp"
// The registry names the rankings and wild-card rules to build tables for; the
// tables it would otherwise include are the ones this program writes.
#define POKERENGINE_BUILDING_TABLES
#include "pokerengine/registry.hpp"

using namespace pokerengine;
using namespace pokerengine::detail;

namespace {

using counts = std::array<int, rank_count>;

std::uint64_t key_of(const counts& c) {
    std::uint64_t key = 0;
    for (int r = 0; r < rank_count; ++r) key += static_cast<std::uint64_t>(c[static_cast<std::size_t>(r)]) * rank_weight(r);
    return key;
}

// The deck's ranks from lowest to highest, as rank indices.
std::vector<int> deck_sequence(const ranking_spec& spec) {
    std::vector<int> seq;
    for (int r = 0; r < rank_count; ++r)
        if ((spec.deck_ranks >> r) & 1) seq.push_back(r);
    return seq;
}

constexpr int ace = static_cast<int>(Rank::ace);

// Whether five distinct ranks are a straight, and whether the ace in it plays low.
struct straightness {
    bool straight = false;
    bool ace_low = false;
};

straightness straight_of(unsigned mask, const ranking_spec& spec) {
    if (std::popcount(mask) != 5 || spec.straights == straight_kind::none) return {};
    std::vector<int> seq = deck_sequence(spec);
    auto run_at = [&](const std::vector<int>& order, std::size_t first) {
        unsigned run = 0;
        for (std::size_t i = first; i < first + 5; ++i) run |= 1u << order[i];
        return run;
    };
    std::vector<int> ace_first{ace};
    for (int r : seq)
        if (r != ace) ace_first.push_back(r);
    bool ace_high_runs = spec.straights != straight_kind::ace_low_only;
    bool ace_low_runs = spec.straights == straight_kind::ace_both_ends || spec.straights == straight_kind::ace_low_only;
    if (ace_high_runs)
        for (std::size_t i = 0; i + 5 <= seq.size(); ++i)
            if (run_at(seq, i) == mask) return {true, false};
    if (ace_low_runs)
        for (std::size_t i = 0; i + 5 <= ace_first.size(); ++i)
            if (run_at(ace_first, i) == mask) return {true, ((mask >> ace) & 1) != 0};
    return {};
}

struct shape_entry {
    int pattern = -1;             // index in the ranking's list
    bool qualifies = true;        // false: no value under an eight-or-better qualifier
    std::vector<int> order_key;   // compared to order hands within a pattern, worst first
    hand_shape shape;
    std::uint64_t rank_key = 0;   // for non-flush shapes
    unsigned flush_mask = 0;      // for flush shapes, else 0
};

// Classifies one five-card shape under a ranking.
shape_entry classify(const counts& c, bool suited, const ranking_spec& spec, std::span<const hand_pattern> patterns,
                     int wilds_used = 0) {
    bool ace_is_low = spec.ace == ace_position::low;
    auto value_of = [&](int r) { return r == ace && ace_is_low ? -1 : r; };
    unsigned mask = 0;
    std::vector<std::pair<int, int>> groups;  // (size, rank)
    for (int r = 0; r < rank_count; ++r)
        if (int n = c[static_cast<std::size_t>(r)]) {
            mask |= 1u << r;
            groups.emplace_back(n, r);
        }
    straightness st = straight_of(mask, spec);
    auto value_in_hand = [&](int r) { return r == ace && (ace_is_low || st.ace_low) ? -1 : r; };
    std::sort(groups.begin(), groups.end(), [&](auto a, auto b) {
        return a.first != b.first ? a.first > b.first : value_in_hand(a.second) > value_in_hand(b.second);
    });
    bool top_straight = st.straight && !st.ace_low && ((mask >> ace) & 1);

    shape_entry e;
    int best_requirements = -1;
    for (std::size_t p = 0; p < patterns.size(); ++p) {
        const hand_pattern& pat = patterns[p];
        bool groups_match = true;
        if (pat.groups[0] != 0)
            for (std::size_t g = 0; g < 5; ++g) groups_match &= pat.groups[g] == (g < groups.size() ? groups[g].first : 0);
        bool wilds_ok = pat.wilds == wild_count_rule::any || (pat.wilds == wild_count_rule::none && wilds_used == 0) ||
                        (pat.wilds == wild_count_rule::some && wilds_used > 0) ||
                        (pat.wilds == wild_count_rule::four && wilds_used == 4);
        groups_match &= wilds_ok;
        bool straight_ok = pat.straight == straight_rule::any || (pat.straight == straight_rule::required && st.straight) ||
                           (pat.straight == straight_rule::top_required && top_straight);
        bool flush_ok = pat.flush == flush_rule::any || suited;
        if (groups_match && straight_ok && flush_ok && pat.requirements() > best_requirements) {
            e.pattern = static_cast<int>(p);
            best_requirements = pat.requirements();
        }
    }
    if (e.pattern < 0) throw std::logic_error("a five-card shape matches no pattern of " + std::string(spec.name));
    const hand_pattern& pat = patterns[static_cast<std::size_t>(e.pattern)];

    std::size_t i = 0;
    for (auto [size, rank] : groups)
        for (int k = 0; k < size; ++k, ++i) {
            e.shape.ranks[i] = static_cast<Rank>(rank);
            int v = value_in_hand(rank);
            e.order_key.push_back(spec.direction == rank_direction::higher_wins ? v : -v);
        }
    if (pat.groups[0] == 0) e.order_key.clear();  // such hands all tie (four deuces pay alike)
    e.shape.category = pat.category;
    if (spec.qualifier_highest >= 0)
        e.qualifies = pat.category == hand_category::high_card &&
                      std::all_of(groups.begin(), groups.end(),
                                  [&](auto g) { return value_of(g.second) <= spec.qualifier_highest; });
    e.rank_key = key_of(c);
    e.flush_mask = suited ? mask : 0;
    return e;
}

// Calls f(counts) for every multiset of exactly n of the deck's ranks, at most 4 of a rank.
template <class F>
void for_each_multiset(int n, unsigned deck_ranks, F&& f) {
    counts c{};
    auto rec = [&](auto&& self, int rank, int left) -> void {
        if (rank == rank_count) {
            if (left == 0) f(c);
            return;
        }
        int most = (deck_ranks >> rank) & 1 ? std::min(4, left) : 0;
        for (int k = 0; k <= most; ++k) {
            c[static_cast<std::size_t>(rank)] = k;
            self(self, rank + 1, left - k);
        }
        c[static_cast<std::size_t>(rank)] = 0;
    };
    rec(rec, 0, n);
}

// A table reached by row displacement: the rank key's top bits pick a row of
// 2^column_bits consecutive keys, and each row is moved by its offset to the
// lowest place where its keys land on free slots or on slots already holding
// the same value (keys of equal value may share one), rows with most keys
// first. The lookup is one shift, one load of the row's offset, one addition
// and the load of the value. The rank weights keep the keys of 5 to 7 cards
// distinct, so no row holds two keys in one column.
struct row_displacement {
    int column_bits = 11;
    std::vector<std::uint32_t> offsets;  // added modulo 2^32 to the rank key
    std::vector<std::uint16_t> values;
};

// The slots of a row-displaced table being filled: where a row's keys first
// land each on a free slot or on one holding the same value. The search tries
// 64 places at once on a bit set of the free slots, which is what keeps the
// table generator fast (probing place by place, it took most of its run time).
class fit_finder {
public:
    using cell = std::pair<std::uint32_t, std::uint32_t>;  // column, value + 1

    explicit fit_finder(std::size_t size) { grow_to(size); }

    // The slot of the first column at the first place where every cell fits,
    // the columns sorted.
    std::size_t first_fit(const std::vector<cell>& row) {
        std::size_t span = row.back().first - row.front().first;
        for (std::size_t base = 0;; base += 64) {
            grow_to(base + span + 128);
            std::uint64_t fits = ~std::uint64_t{0};
            for (auto [column, value] : row) {
                fits = fitting(base + (column - row.front().first), value, fits);
                if (!fits) break;
            }
            if (fits) return base + static_cast<std::size_t>(std::countr_zero(fits));
        }
    }

    void take(std::size_t slot, std::uint32_t value) {
        if (value_at_[slot] == value) return;
        value_at_[slot] = value;
        free_[slot / 64] &= ~(std::uint64_t{1} << (slot % 64));
    }

private:
    // Of the candidates, bit i kept when slot `from + i` is free or holds `value`.
    std::uint64_t fitting(std::size_t from, std::uint32_t value, std::uint64_t candidates) const {
        std::size_t word = from / 64, shift = from % 64;
        std::uint64_t free = free_[word] >> shift;
        if (shift) free |= free_[word + 1] << (64 - shift);
        std::uint64_t kept = candidates & free;
        for (std::uint64_t taken = candidates & ~free; taken; taken &= taken - 1) {
            auto i = static_cast<std::size_t>(std::countr_zero(taken));
            if (value_at_[from + i] == value) kept |= std::uint64_t{1} << i;
        }
        return kept;
    }

    void grow_to(std::size_t size) {
        if (size <= value_at_.size()) return;
        std::size_t slots = std::max(size, 2 * value_at_.size());
        slots = (slots + 63) / 64 * 64;
        value_at_.resize(slots, 0);
        free_.resize(slots / 64, ~std::uint64_t{0});
    }

    std::vector<std::uint32_t> value_at_;  // 0: free
    std::vector<std::uint64_t> free_;      // one bit per slot
};

row_displacement build_row_displacement(const std::vector<std::uint64_t>& keys, const std::vector<std::uint16_t>& values) {
    row_displacement rd;
    std::uint64_t largest = *std::max_element(keys.begin(), keys.end());
    if (largest >> 32) throw std::logic_error("a rank key wider than 32 bits");
    std::size_t rows = static_cast<std::size_t>(largest >> rd.column_bits) + 1;
    using cell = std::pair<std::uint32_t, std::uint32_t>;  // column, value + 1
    std::vector<std::vector<cell>> columns(rows);
    for (std::size_t i = 0; i < keys.size(); ++i)
        columns[keys[i] >> rd.column_bits].emplace_back(static_cast<std::uint32_t>(keys[i] & ((1u << rd.column_bits) - 1)),
                                                        values[i] + 1u);
    for (auto& c : columns) {
        std::sort(c.begin(), c.end());
        if (std::adjacent_find(c.begin(), c.end(), [](cell x, cell y) { return x.first == y.first; }) != c.end())
            throw std::logic_error("two hands share a rank key");
    }
    std::vector<std::uint32_t> order(rows);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](auto a, auto b) { return columns[a].size() > columns[b].size(); });
    std::vector<std::int64_t> start(rows, 0);
    std::size_t length = 0;
    fit_finder slots(keys.size() + (std::size_t{1} << rd.column_bits));
    for (auto r : order) {
        const auto& c = columns[r];
        if (c.empty()) continue;
        std::size_t first = slots.first_fit(c);
        auto s = static_cast<std::int64_t>(first) - static_cast<std::int64_t>(c.front().first);
        start[r] = s;
        for (auto [col, v] : c) {
            slots.take(first + (col - c.front().first), v);
            length = std::max(length, static_cast<std::size_t>(s + col) + 1);
        }
    }
    rd.offsets.resize(rows);
    for (std::size_t r = 0; r < rows; ++r)
        rd.offsets[r] = static_cast<std::uint32_t>(start[r] - (static_cast<std::int64_t>(r) << rd.column_bits));
    rd.values.assign(length, 0);
    for (std::size_t i = 0; i < keys.size(); ++i)
        rd.values[static_cast<std::uint32_t>(keys[i]) + rd.offsets[keys[i] >> rd.column_bits]] = values[i];
    return rd;
}

template <class T>
void write_array(std::ostream& out, const char* type, const std::string& name, const std::vector<T>& values) {
    out << "alignas(64) const " << type << ' ' << name << '[' << values.size() << "] = {";
    for (std::size_t i = 0; i < values.size(); ++i) out << (i % 16 ? " " : "\n    ") << +values[i] << ',';
    out << "\n};\n";
}

// Writes one table set as a struct: the values' shapes, the flush table and
// the row-displaced rank table of every hand of up to 7 cards.
std::size_t emit_tables(const std::string& name, const std::string& comment, const std::string& extra_members,
                        const std::vector<std::uint32_t>& shape_codes, const std::vector<std::uint16_t>& flush_values,
                        const std::vector<std::uint64_t>& keys,
                        const std::unordered_map<std::uint64_t, std::uint16_t>& value_of_key, std::ostream& header,
                        std::ostream& source) {
    std::vector<std::uint16_t> shapes_low;
    std::vector<std::uint8_t> shapes_high;
    for (std::uint32_t code : shape_codes) {
        shapes_low.push_back(static_cast<std::uint16_t>(code & 0xFFFF));
        shapes_high.push_back(static_cast<std::uint8_t>(code >> 16));
    }
    std::string t = name + "_tables";
    header << "\n// " << comment << "\nstruct " << t << " {\n"
           << "    static constexpr std::uint32_t class_count = " << shape_codes.size() - 1 << ";\n" << extra_members
           << "    static const std::uint16_t flush_values[" << flush_values.size() << "];\n"
           << "    // Each value's hand_shape code (24 bits), as a 16-bit low part and an 8-bit high part.\n"
           << "    static const std::uint16_t shapes_low[" << shape_codes.size() << "];\n"
           << "    static const std::uint8_t shapes_high[" << shape_codes.size() << "];\n"
           << "    static std::uint32_t shape_code(std::uint32_t value) {\n"
           << "        return static_cast<std::uint32_t>(shapes_high[value]) << 16 | shapes_low[value];\n    }\n";
    write_array(source, "std::uint16_t", t + "::flush_values", flush_values);
    write_array(source, "std::uint16_t", t + "::shapes_low", shapes_low);
    write_array(source, "std::uint8_t", t + "::shapes_high", shapes_high);
    std::size_t bytes = 2 * flush_values.size() + 3 * shape_codes.size();
    std::vector<std::uint16_t> key_values(keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) key_values[i] = value_of_key.at(keys[i]);
    row_displacement rd = build_row_displacement(keys, key_values);
    // The offsets and values in one object, so a lookup needs one base address.
    header << "    // Hands of up to 7 cards: " << keys.size() << " keys in " << rd.values.size() << " slots.\n"
           << "    static constexpr int rank_column_bits = " << rd.column_bits << ";\n"
           << "    struct rank_lookup {\n"
           << "        std::uint32_t offsets[" << rd.offsets.size() << "];\n"
           << "        std::uint16_t values[" << rd.values.size() << "];\n    };\n"
           << "    static const rank_lookup rank;\n";
    source << "alignas(64) const " << t << "::rank_lookup " << t << "::rank = {{";
    for (std::size_t i = 0; i < rd.offsets.size(); ++i) source << (i % 16 ? " " : "\n    ") << rd.offsets[i] << "u,";
    source << "\n}, {";
    for (std::size_t i = 0; i < rd.values.size(); ++i) source << (i % 16 ? " " : "\n    ") << rd.values[i] << ',';
    source << "\n}};\n";
    bytes += 4 * rd.offsets.size() + 2 * rd.values.size();
    header << "    static constexpr std::size_t table_bytes = " << bytes << ";\n};\n";
    std::cerr << "make_tables: " << name << ": " << shape_codes.size() - 1 << " values, " << bytes << " bytes\n";
    return bytes;
}

// Builds one ranking's tables and writes them as the static members of a struct.
std::size_t write_ranking(const ranking_spec& spec, std::ostream& header, std::ostream& source) {
    std::vector<shape_entry> shapes;
    bool flushes = spec.flushes == flush_kind::counted;
    for_each_multiset(5, spec.deck_ranks, [&](const counts& c) {
        shapes.push_back(classify(c, false, spec, spec.patterns));
        if (flushes && std::all_of(c.begin(), c.end(), [](int n) { return n <= 1; }))
            shapes.push_back(classify(c, true, spec, spec.patterns));
    });
    std::sort(shapes.begin(), shapes.end(), [](const shape_entry& a, const shape_entry& b) {
        return std::tie(a.pattern, a.order_key) < std::tie(b.pattern, b.order_key);
    });
    std::vector<std::uint32_t> shape_codes{0};
    std::unordered_map<std::uint64_t, std::uint16_t> rank_value;
    std::vector<std::uint16_t> flush_values(flushes ? 8192 : 0, 0);
    for (std::size_t i = 0; i < shapes.size(); ++i) {
        const shape_entry& s = shapes[i];
        if (i > 0 && std::tie(s.pattern, s.order_key) == std::tie(shapes[i - 1].pattern, shapes[i - 1].order_key))
            throw std::logic_error("two shapes tie in " + std::string(spec.name));
        std::uint16_t value = 0;
        if (s.qualifies) {
            value = static_cast<std::uint16_t>(shape_codes.size());
            shape_codes.push_back(pack_shape(s.shape));
        }
        if (s.flush_mask)
            flush_values[s.flush_mask] = value;
        else
            rank_value[s.rank_key] = value;
    }
    // Flush table: the best five-card flush within each suit mask.
    for (unsigned mask = 0; mask < flush_values.size(); ++mask) {
        if (std::popcount(mask) <= 5) continue;
        std::uint16_t best = 0;
        for (unsigned rest = mask; rest; rest &= rest - 1) best = std::max(best, flush_values[mask & ~(rest & -rest)]);
        flush_values[mask] = best;
    }
    // Rank tables: the best five cards of every rank multiset of 5 to 7 cards;
    // seven-card hands have a table of their own, five and six cards share one.
    std::vector<std::uint64_t> keys;
    for (int n = 5; n <= 7; ++n)
        for_each_multiset(n, spec.deck_ranks, [&](const counts& c) {
            std::uint64_t key = key_of(c);
            keys.push_back(key);
            if (n == 5) return;
            std::uint16_t best = 0;
            for (int r = 0; r < rank_count; ++r)
                if (c[static_cast<std::size_t>(r)]) best = std::max(best, rank_value.at(key - rank_weight(r)));
            rank_value[key] = best;
        });
    // Hands of fewer than five cards hold a mark that is no value, so the
    // evaluator needs no test of the card count before its lookup.
    for (int n = 0; n < 5; ++n)
        for_each_multiset(n, spec.deck_ranks, [&](const counts& c) {
            keys.push_back(key_of(c));
            rank_value[key_of(c)] = too_few_cards_mark;
        });

    if (!flushes) flush_values.assign(1, 0);
    return emit_tables(std::string(spec.name), "Tables of the " + std::string(spec.name) + " ranking.", "", shape_codes,
                       flush_values, keys, rank_value, header, source);
}

struct wild_mode {
    std::string name;          // names the generated tables
    substitution kind;
    bool double_ace_flush;     // a wild may duplicate the ace of its flush
    std::span<const hand_pattern> pay_patterns = {};  // a video-poker pay table's order, else the ranking's
};

// Names the tables of a wild-card rule after the ranking's: high_wild, high_bug ...
std::string wild_table_suffix(substitution kind, flush_aces aces, pay_order order) {
    switch (order) {
        case pay_order::deuces_wild: return "deuces_wild_pay";
        case pay_order::joker_poker: return "joker_poker_pay";
        case pay_order::table: break;
    }
    if (kind == substitution::bug) return "bug";
    return aces == flush_aces::two ? "wild_double_ace" : "wild";
}

// A pay table's own order of patterns; empty: the ranking's, with five of a kind.
std::span<const hand_pattern> pay_patterns(pay_order order) {
    switch (order) {
        case pay_order::deuces_wild: return deuces_wild_pay_patterns;
        case pay_order::joker_poker: return joker_poker_pay_patterns;
        case pay_order::table: break;
    }
    return {};
}

// A key for any five-card shape, five of a kind included (base 8).
std::uint64_t shape_key(const counts& c) {
    std::uint64_t key = 0;
    for (int r = rank_count - 1; r >= 0; --r) key = key * 8 + static_cast<std::uint64_t>(c[static_cast<std::size_t>(r)]);
    return key;
}

// Builds the tables of a ranking played with wild cards. A hand is its natural
// cards and a number w of wild cards; the rank table is indexed by the
// natural rank key plus w wild-card weights, the flush table by w and a suit's
// natural ranks.
// Every value is the best hand the wild cards can make, so a natural hand and
// an equal wild hand tie.
std::size_t write_wild_ranking(const ranking_spec& spec, const wild_mode& mode, std::ostream& header,
                               std::ostream& source) {
    bool high = spec.direction == rank_direction::higher_wins;
    bool flushes = spec.flushes == flush_kind::counted;
    // Five of a kind joins the ranking: the best hand in high games, the worst
    // in lowball. A pay table brings its own order.
    bool pay_table = !mode.pay_patterns.empty();
    std::vector<hand_pattern> patterns(spec.patterns.begin(), spec.patterns.end());
    hand_pattern five_kind{hand_category::five_of_a_kind, {5, 0, 0, 0, 0}, straight_rule::any, flush_rule::any};
    if (pay_table)
        patterns.assign(mode.pay_patterns.begin(), mode.pay_patterns.end());
    else if (high)
        patterns.push_back(five_kind);
    else
        patterns.insert(patterns.begin(), five_kind);
    if (mode.double_ace_flush) {
        // A flush holding two aces ranks above every other flush.
        auto flush = std::find_if(patterns.begin(), patterns.end(), [](const hand_pattern& p) {
            return p.category == hand_category::flush;
        });
        patterns.insert(flush + 1, hand_pattern{hand_category::flush, {2, 1, 1, 1, 0}, straight_rule::any, flush_rule::required});
    }
    // Pay tables tell hands with no, some and exactly four wild cards apart.
    std::vector<int> wild_classes = pay_table ? std::vector<int>{0, 1, 4} : std::vector<int>{0};
    auto wild_class = [&](int w) { return !pay_table || w == 0 ? 0 : w == 4 ? 4 : 1; };

    // Every five-card shape the wild cards can make, classified and ordered;
    // shapes of equal pattern and ranks share one value.
    std::vector<shape_entry> shapes;
    counts c{};
    auto every = [&](auto&& self, int rank, int left) -> void {
        if (rank == rank_count) {
            if (left) return;
            bool distinct = std::all_of(c.begin(), c.end(), [](int n) { return n <= 1; });
            bool two_aces = c[ace] == 2 && std::count(c.begin(), c.end(), 1) == 3;
            for (int wc : wild_classes) {
                shapes.push_back(classify(c, false, spec, patterns, wc));
                if (flushes && (distinct || (mode.double_ace_flush && two_aces)))
                    shapes.push_back(classify(c, true, spec, patterns, wc));
            }
            return;
        }
        int most = (spec.deck_ranks >> rank) & 1 ? std::min(5, left) : 0;
        for (int k = 0; k <= most; ++k) {
            c[static_cast<std::size_t>(rank)] = k;
            self(self, rank + 1, left - k);
        }
        c[static_cast<std::size_t>(rank)] = 0;
    };
    every(every, 0, 5);
    std::sort(shapes.begin(), shapes.end(), [](const shape_entry& a, const shape_entry& b) {
        return std::tie(a.pattern, a.order_key) < std::tie(b.pattern, b.order_key);
    });
    std::vector<std::uint32_t> shape_codes{0};
    std::map<std::pair<int, std::vector<int>>, std::uint16_t> class_value;
    for (const shape_entry& s : shapes) {
        auto [it, fresh] = class_value.try_emplace({s.pattern, s.order_key}, std::uint16_t{0});
        if (!fresh || !s.qualifies) continue;
        it->second = static_cast<std::uint16_t>(shape_codes.size());
        shape_codes.push_back(pack_shape(s.shape));
    }
    std::map<std::tuple<std::uint64_t, bool, int>, std::uint16_t> memo;
    auto value_of = [&](const counts& shape, bool suited, int w) {
        auto key = std::make_tuple(shape_key(shape), suited, wild_class(w));
        auto found = memo.find(key);
        if (found != memo.end()) return found->second;
        shape_entry e = classify(shape, suited, spec, patterns, wild_class(w));
        return memo[key] = class_value.at({e.pattern, e.order_key});
    };

    // The best non-flush hand of natural ranks M and w wild cards, n = |M| + w.
    std::map<std::pair<std::uint64_t, int>, std::uint16_t> best;  // (natural rank key, w)
    auto is_straight_shape = [&](const counts& shape) {
        unsigned mask = 0;
        for (int r = 0; r < rank_count; ++r)
            if (shape[static_cast<std::size_t>(r)] == 1) mask |= 1u << r;
            else if (shape[static_cast<std::size_t>(r)] > 1) return false;
        return straight_of(mask, spec).straight;
    };
    // Five cards: try every way to give the wild cards ranks.
    auto five_card = [&](counts natural, int w) {
        std::uint16_t top = 0;
        counts shape = natural;
        auto assign = [&](auto&& self, int from, int left, bool only_aces) -> void {
            if (left == 0) {
                if (mode.kind == substitution::bug && !only_aces && !is_straight_shape(shape)) return;
                top = std::max(top, value_of(shape, false, w));
                return;
            }
            for (int r = from; r < rank_count; ++r) {
                if (!((spec.deck_ranks >> r) & 1) || shape[static_cast<std::size_t>(r)] >= 5) continue;
                ++shape[static_cast<std::size_t>(r)];
                self(self, r, left - 1, only_aces && r == ace);
                --shape[static_cast<std::size_t>(r)];
            }
        };
        assign(assign, 0, w, true);
        return top;
    };
    // The rank table is keyed by the natural rank key plus w wild weights;
    // hands of fewer than five cards hold the mark that is no value.
    std::vector<std::uint64_t> keys;
    std::unordered_map<std::uint64_t, std::uint16_t> key_value;
    for (int n = 0; n <= 7; ++n)
        for (int w = 0; w <= n; ++w)
            for_each_multiset(n - w, spec.deck_ranks, [&](const counts& m) {
                std::uint64_t natural_key = key_of(m);
                std::uint16_t v = too_few_cards_mark;
                if (n == 5) {
                    v = five_card(m, w);
                } else if (n > 5) {
                    v = 0;
                    for (int r = 0; r < rank_count; ++r)
                        if (m[static_cast<std::size_t>(r)]) v = std::max(v, best.at({natural_key - rank_weight(r), w}));
                    if (w > 0) v = std::max(v, best.at({natural_key, w - 1}));
                }
                if (n >= 5) best[{natural_key, w}] = v;
                std::uint64_t key = natural_key + static_cast<std::uint64_t>(w) * wild_rank_weight;
                if (!key_value.try_emplace(key, v).second)
                    throw std::logic_error("two hands with wild cards share a rank key in " + mode.name);
                keys.push_back(key);
            });

    // Flush table: for w = 0..4 wild cards and each suit's natural ranks, the
    // best flush of five cards of that suit.
    constexpr int flush_wilds = 4;
    std::vector<std::uint16_t> flush_values(flushes ? 8192 * (flush_wilds + 1) : 1, 0);
    if (flushes)
        for (int w = 0; w <= flush_wilds; ++w)
            for (unsigned mask = 0; mask < 8192; ++mask) {
                if ((mask & ~spec.deck_ranks) || std::popcount(mask) > 7 || std::popcount(mask) + w < 5) continue;
                std::uint16_t top = 0;
                // j wild cards take ranks missing from the suit; the others are naturals.
                for (int j = 0; j <= std::min(w, 5); ++j) {
                    auto choose_naturals = [&](auto&& self, int r, int left, counts shape) -> void {
                        if (left == 0) {
                            auto choose_wilds = [&](auto&& inner, int q, int wl, counts s2) -> void {
                                if (wl == 0) {
                                    bool distinct = std::all_of(s2.begin(), s2.end(), [](int n) { return n <= 1; });
                                    if (distinct || mode.double_ace_flush) top = std::max(top, value_of(s2, true, j));
                                    return;
                                }
                                for (int t = q; t < rank_count; ++t) {
                                    if (!((spec.deck_ranks >> t) & 1)) continue;
                                    bool missing = !((mask >> t) & 1) && s2[static_cast<std::size_t>(t)] == 0;
                                    bool second_ace = mode.double_ace_flush && t == ace && s2[ace] == 1;
                                    if (!missing && !second_ace) continue;
                                    ++s2[static_cast<std::size_t>(t)];
                                    inner(inner, t, wl - 1, s2);  // t again: a second ace may follow the first
                                    --s2[static_cast<std::size_t>(t)];
                                }
                            };
                            choose_wilds(choose_wilds, 0, j, shape);
                            return;
                        }
                        for (int q = r; q < rank_count; ++q)
                            if ((mask >> q) & 1) {
                                counts next = shape;
                                next[static_cast<std::size_t>(q)] = 1;
                                self(self, q + 1, left - 1, next);
                            }
                    };
                    choose_naturals(choose_naturals, 0, 5 - j, counts{});
                }
                flush_values[static_cast<std::size_t>(w) * 8192 + mask] = top;
            }

    std::string members = "    static constexpr int flush_wilds = " + std::to_string(flush_wilds) +
                          ";\n    // flush_values: by w * 8192 + a suit's natural ranks, the best flush with w wild cards.\n";
    return emit_tables(mode.name, "Tables of the " + std::string(spec.name) + " ranking with wild cards (" + mode.name + ").",
                       members, shape_codes, flush_values, keys, key_value, header, source);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: make_tables HEADER SOURCE\n";
        return 2;
    }
    std::ofstream header(argv[1]);
    std::ofstream source(argv[2]);
    header << "// Generated by tools/tables/make_tables from engine/pokerengine/detail/ranking_list.hpp.\n"
           << "#pragma once\n#include <cstddef>\n#include <cstdint>\n\nnamespace pokerengine::detail {\n";
    source << "// Generated by tools/tables/make_tables from engine/pokerengine/detail/ranking_list.hpp.\n"
           << "#include \"ranking_tables.hpp\"\n\nnamespace pokerengine::detail {\n\n";
    boost::mp11::mp_for_each<registered_rankings>([&](auto entry) {
        write_ranking(decltype(entry)::ranking::spec, header, source);
    });
    // The engine finds each pair's tables by its place in the registry's list.
    header << "\n// The wild-card tables by their place in detail::wild_table_pairs_list.\n"
           << "template <std::size_t Index>\nstruct wild_tables_at;\n";
    std::size_t index = 0;
    boost::mp11::mp_for_each<wild_table_pairs_list>([&](auto pair) {
        using Pair = decltype(pair);
        using W = boost::mp11::mp_second<Pair>;
        const ranking_spec& spec = boost::mp11::mp_first<Pair>::spec;
        std::string name = std::string(spec.name) + "_" + wild_table_suffix(W::kind, W::aces, W::order);
        write_wild_ranking(spec, wild_mode{name, W::kind, W::aces == flush_aces::two, pay_patterns(W::order)}, header,
                           source);
        header << "template <>\nstruct wild_tables_at<" << index++ << "> {\n    using type = " << name << "_tables;\n};\n";
    });
    header << "\n}  // namespace pokerengine::detail\n\n"
           << "// The number of registered (ranking, wild-card rule) pairs, for explicit instantiation.\n"
           << "#define POKERENGINE_REGISTERED_PAIR_COUNT " << boost::mp11::mp_size<pokerengine::detail::registered_pairs>::value
           << "\n";
    source << "\n}  // namespace pokerengine::detail\n";
    return header && source ? 0 : 1;
}
