#pragma once
// The row of a hand in a table of odds, read apart from the engine's own
// grouping (probability.hpp): from the category's name and, for a low without
// a pair, from the top card of the reading in the hand's description.

#include <string>

#include "pokerengine/rules.hpp"

namespace pokerengine::testing {

/// Whether `r` ranks lows: its first row is a low, its last "Pair or worse".
inline bool ranks_lows(const rules& r) {
    return r.name() == "ace-to-five" || r.name() == "ace-to-six" || r.name() == "deuce-to-seven" ||
           r.name() == "eight-or-better";
}

/// "Full house", "7-low", "Pair or worse", "No qualifying low", "Badugi" ...
inline std::string row_label_of(const rules& r, hand_value v) {
    std::string label = r.category_label(v);
    if (!ranks_lows(r)) return label;
    if (label == "No low") return "No qualifying low";
    if (label != "High card") return "Pair or worse";
    // The reading in the description's brackets starts with the top card: "(7-5-4-3-2)".
    const std::string words = r.describe(v);
    const std::size_t open = words.find('(');
    const std::string top = words.substr(open + 1, words.find('-', open) - open - 1);
    return top == "5" ? "5-low (wheel)" : (top == "T" ? std::string("10") : top) + "-low";
}

}  // namespace pokerengine::testing
