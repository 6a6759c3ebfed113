#pragma once
// The parts of the Python module, each binding one floor of the library.

#include <stdexcept>
#include <string>

#include <vector>

#include <pybind11/pybind11.h>

#include "pokerengine/card_set.hpp"

namespace pokerengine_python {

namespace py = pybind11;

/// An error whose code is text the library gave (a replay's): raised as pokerengine.Error.
struct coded_error : std::invalid_argument {
    coded_error(std::string code, const std::string& message) : std::invalid_argument(message), code(std::move(code)) {}
    std::string code;
};

/// Cards as Python sees them: each its two-letter name.
inline std::vector<std::string> card_texts(const pokerengine::CardList& cards) {
    std::vector<std::string> out;
    out.reserve(cards.size());
    for (pokerengine::Card c : cards) out.push_back(pokerengine::to_string(c));
    return out;
}

void bind_cards(py::module_& m);  // cards, hand values, evaluators, equity, ICM (cards.cpp)
void bind_hand(py::module_& m);   // hand states, legal actions, PHH (hand.cpp)
void bind_table(py::module_& m);  // tables across hands (table.cpp)
void bind_history(py::module_& m);  // room histories and player statistics (history.cpp)

}  // namespace pokerengine_python
