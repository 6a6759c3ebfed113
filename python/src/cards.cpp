// Cards, hand values and evaluators by name, equity and ICM: each a thin call
// into the library's public API.

#include <array>
#include <bit>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "pokerengine/card_set.hpp"
#include "pokerengine/equity.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/icm.hpp"
#include "pokerengine/rules.hpp"
#include "bindings.hpp"

namespace pokerengine_python {
namespace {

namespace pe = pokerengine;

// A board or dead cards: none when the text is empty.
pe::CardSet card_set(const std::string& text) {
    return text.find_first_not_of(" \t") == std::string::npos ? pe::CardSet{} : pe::parse_card_set(text);
}

// A hand given as text ("AsKd 7c") or as a list of card texts.
std::string cards_text(const py::handle& given) {
    if (py::isinstance<py::str>(given)) return given.cast<std::string>();
    std::string text;
    for (const py::handle item : given) text += item.cast<std::string>() + " ";
    return text;
}

// Batch cards are numbered 0..51 as 4 * rank + suit (ranks deuce to ace, suits
// clubs, diamonds, hearts, spades), as ACPC numbers them; the library's card is
// 16 * suit + rank. Each number's entry is what adding its card adds to a
// Hand's key and bits; every byte has one, so a row is read without a branch:
// a number past 51 adds bit 63 to the bits, which no card has.
using hand_entry = decltype(pe::Hand{}.entry());

const std::array<hand_entry, 256> batch_entries = [] {
    std::array<hand_entry, 256> entries{};
    const hand_entry empty = pe::Hand{}.entry();
    for (int i = 0; i < 256; ++i)
        entries[static_cast<std::size_t>(i)] =
            i < 52 ? (pe::Hand{} + pe::Card::from_code(static_cast<std::uint8_t>(16 * (i % 4) + i / 4))).entry() - empty
                   : hand_entry{0, std::uint64_t{1} << 63};
    return entries;
}();

// Values of rows of K cards (0: k cards), false at the first row holding a
// number past 51 or a card twice (its index in `bad_row`). Up to seven bits
// cannot overflow their sum, and the sum of distinct bits is their union: a
// card twice carries into another bit, so the two differ. A hand built this
// way, one addition and one OR of a table's entry per card, runs at about
// twice the speed of adding Cards.
template <std::size_t K, class Evaluator>
bool evaluate_rows(const Evaluator& ev, const std::uint8_t* in, std::size_t k, std::size_t n, std::uint32_t* out,
                   std::size_t& bad_row) {
    const std::size_t width = K == 0 ? k : K;
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t* row = in + i * width;
        hand_entry sum = pe::Hand{}.entry();
        hand_entry any{0, 0};
        for (std::size_t j = 0; j < width; ++j) {
            const hand_entry e = batch_entries[row[j]];
            sum += e;
            any |= e;
        }
        const std::uint64_t bits = any[1];
        const bool good = K == 0 ? static_cast<std::size_t>(std::popcount(bits)) == width && (bits >> 63) == 0
                                 : sum[1] == bits && (bits >> 63) == 0;
        if (!good) [[unlikely]] {
            bad_row = i;
            return false;
        }
        // The natural evaluators take the Hand; the others (wild cards, badugi) its cards.
        if constexpr (requires { ev.evaluate(pe::Hand{}); })
            out[i] = ev.evaluate(pe::Hand{sum}).value;
        else
            out[i] = ev.evaluate(pe::CardSet{bits}).value;
    }
    return true;
}

py::array_t<std::uint32_t> evaluate_many(const pe::rules& rules,
                                         const py::array_t<std::uint8_t, py::array::c_style>& hands,
                                         std::optional<py::array> out_array) {
    if (hands.ndim() != 2) throw std::invalid_argument("evaluate_many: a (n, k) array of card numbers 0..51");
    const std::size_t n = static_cast<std::size_t>(hands.shape(0));
    const std::size_t k = static_cast<std::size_t>(hands.shape(1));
    // Into the caller's array when given (no conversion: a copy would leave it unwritten).
    py::array_t<std::uint32_t> values;
    if (out_array) {
        const auto flags = py::array::c_style | py::array::forcecast;
        if (!py::isinstance<py::array_t<std::uint32_t, flags>>(*out_array) || out_array->ndim() != 1 ||
            static_cast<std::size_t>(out_array->shape(0)) != n || !out_array->writeable())
            throw std::invalid_argument("evaluate_many: out must be a writeable, contiguous uint32 array of shape (" +
                                        std::to_string(n) + ",)");
        values = py::reinterpret_borrow<py::array_t<std::uint32_t>>(*out_array);
        const auto* out_begin = reinterpret_cast<const std::uint8_t*>(values.data());
        if (n > 0 && out_begin < hands.data() + n * k && hands.data() < out_begin + n * sizeof(std::uint32_t))
            throw std::invalid_argument("evaluate_many: out shares memory with the hands");
    } else {
        values = py::array_t<std::uint32_t>(static_cast<py::ssize_t>(n));
    }
    const std::uint8_t* in = hands.data();
    std::uint32_t* out = values.mutable_data();
    std::size_t bad_row = 0;
    bool all_good = true;
    {
        py::gil_scoped_release unlocked;
        rules.visit([&](const auto& ev) {
            switch (k) {
                case 5: all_good = evaluate_rows<5>(ev, in, k, n, out, bad_row); break;
                case 6: all_good = evaluate_rows<6>(ev, in, k, n, out, bad_row); break;
                case 7: all_good = evaluate_rows<7>(ev, in, k, n, out, bad_row); break;
                default: all_good = evaluate_rows<0>(ev, in, k, n, out, bad_row); break;
            }
        });
    }
    if (!all_good)
        throw pe::hand_error("evaluate_many: row " + std::to_string(bad_row) +
                             " holds a number outside 0..51 or a card twice");
    return values;
}

// A hand value with the rules and cards it came from, so that it can describe itself.
struct scored_hand {
    pe::hand_value value;
    std::optional<pe::rules> rules;  // none for a value made from an int
    pe::CardSet cards;

    const pe::rules& of() const {
        if (!rules) throw std::invalid_argument("a HandValue made from an int has no rules: use Evaluator.describe");
        return *rules;
    }
};

pe::equity_method method_named(const std::string& name) {
    if (name == "auto") return pe::equity_method::automatic;
    if (name == "exact") return pe::equity_method::exact;
    if (name == "monte-carlo") return pe::equity_method::monte_carlo;
    throw std::invalid_argument("method: auto, exact or monte-carlo, not '" + name + "'");
}

}  // namespace

void bind_cards(py::module_& m) {
    m.def("cards", [](const std::string& text) { return card_texts(pe::parse_cards(text)); }, py::arg("text"),
          "The cards of a text, each as its two-letter name.\n\n"
          ">>> pokerengine.cards('AsKd 7c')\n['As', 'Kd', '7c']");
    m.def("card_number", [](const std::string& text) {
            const pe::Card c = pe::parse_card(text);
            if (c.code() % 16 >= 13) throw pe::parse_error("card_number: a joker has no number");
            return 4 * (c.code() % 16) + c.code() / 16;
        }, py::arg("card"),
          "A card's number in the arrays of `Evaluator.evaluate_many`: 4 * rank + suit, deuce 0 to ace 12,\n"
          "clubs 0, diamonds 1, hearts 2, spades 3 (as ACPC numbers cards).\n\n"
          ">>> pokerengine.card_number('2c'), pokerengine.card_number('As')\n(0, 51)");

    py::class_<scored_hand>(m, "HandValue",
                            "A hand's strength under the rules that evaluated it: higher is better, equal exactly "
                            "when the hands tie; it compares with other values and with ints, and describes itself.\n\n"
                            ">>> v = pokerengine.Evaluator().evaluate('AsAd KcKh 2s')\n"
                            ">>> v.describe(), v.category(), v.best_five()\n"
                            "('Two pair, aces and kings, two kicker', 'Two pair', ['As', 'Ad', 'Kh', 'Kc', '2s'])")
        .def(py::init([](std::uint32_t v) { return scored_hand{pe::hand_value{v}, std::nullopt, {}}; }), py::arg("value"))
        .def_property_readonly("value", [](const scored_hand& h) { return h.value.value; })
        .def("describe", [](const scored_hand& h) { return h.of().describe(h.value); }, "The hand in words.")
        .def("category", [](const scored_hand& h) { return h.of().category_label(h.value); }, "The kind of hand.")
        .def("best_five", [](const scored_hand& h) { return card_texts(h.of().best_five(h.cards)); },
             "The cards of the best hand, best first.")
        .def("__int__", [](const scored_hand& h) { return h.value.value; })
        .def("__index__", [](const scored_hand& h) { return h.value.value; })
        .def("__hash__", [](const scored_hand& h) { return h.value.value; })
        .def("__eq__", [](const scored_hand& a, const scored_hand& b) { return a.value == b.value; })
        .def("__eq__", [](const scored_hand& a, std::uint32_t b) { return a.value.value == b; })
        .def("__ne__", [](const scored_hand& a, const scored_hand& b) { return a.value != b.value; })
        .def("__ne__", [](const scored_hand& a, std::uint32_t b) { return a.value.value != b; })
        .def("__lt__", [](const scored_hand& a, const scored_hand& b) { return a.value < b.value; })
        .def("__lt__", [](const scored_hand& a, std::uint32_t b) { return a.value.value < b; })
        .def("__le__", [](const scored_hand& a, const scored_hand& b) { return a.value <= b.value; })
        .def("__le__", [](const scored_hand& a, std::uint32_t b) { return a.value.value <= b; })
        .def("__gt__", [](const scored_hand& a, const scored_hand& b) { return a.value > b.value; })
        .def("__gt__", [](const scored_hand& a, std::uint32_t b) { return a.value.value > b; })
        .def("__ge__", [](const scored_hand& a, const scored_hand& b) { return a.value >= b.value; })
        .def("__ge__", [](const scored_hand& a, std::uint32_t b) { return a.value.value >= b; })
        .def("__repr__", [](const scored_hand& h) { return "HandValue(" + std::to_string(h.value.value) + ")"; })
        .def(py::pickle(
            [](const scored_hand& h) {
                if (!h.rules) return py::make_tuple(h.value.value);
                const pe::wild_options& w = h.rules->wild_settings();
                return py::make_tuple(h.value.value, std::string(h.rules->name()), w.cards.bits(), w.bug,
                                      w.double_ace_flush, w.paytable, h.cards.bits());
            },
            [](const py::tuple& t) {
                scored_hand h{pe::hand_value{t[0].cast<std::uint32_t>()}, std::nullopt, {}};
                if (t.size() == 7) {
                    pe::wild_options w{pe::CardSet{t[2].cast<std::uint64_t>()}, t[3].cast<bool>(), t[4].cast<bool>(),
                                       t[5].cast<bool>()};
                    h.rules = pe::rules::parse(t[1].cast<std::string>(), w);
                    h.cards = pe::CardSet{t[6].cast<std::uint64_t>()};
                }
                return h;
            }));

    py::class_<pe::rules>(m, "Evaluator",
                          "An evaluator of a ranking by name, with optional wild cards.\n\n"
                          ">>> high = pokerengine.Evaluator('high')\n"
                          ">>> high.evaluate('AsAd KcKh 2s') > high.evaluate('QsQd JcJh As')\nTrue\n"
                          ">>> high.describe(high.evaluate('AsAd KcKh 2s'))\n'Two pair, aces and kings, two kicker'")
        .def(py::init([](const std::string& name, const std::optional<std::string>& wild, bool bug) {
                 pe::wild_options w;
                 if (wild) w.cards = pe::parse_wild_cards(*wild);
                 w.bug = bug;
                 return pe::rules::parse(name, w);
             }),
             py::arg("name") = "high", py::arg("wild") = py::none(), py::arg("bug") = false,
             "`name`: high, ace-to-five, ace-to-six, deuce-to-seven, eight-or-better, short-deck, short-deck-wsop "
             "or badugi; `wild`: a list such as '2,jokers'; `bug`: the jokers play as the bug.")
        .def_property_readonly("name", [](const pe::rules& r) { return std::string(r.name()); })
        .def_property_readonly_static("names", [](py::object) {
            std::vector<std::string> out;
            for (auto n : pe::rules::names) out.emplace_back(n);
            return out;
        })
        .def("evaluate", [](const pe::rules& r, const py::handle& cards) {
                 const pe::CardSet set = pe::parse_card_set(cards_text(cards));
                 return scored_hand{r.evaluate(set), r, set};
             }, py::arg("cards"), "The value of the best hand in the cards (text or a list of card names).")
        .def("describe", [](const pe::rules& r, const scored_hand& v) { return r.describe(v.value); }, py::arg("value"),
             "The hand in words: 'Two pair, aces and kings'.")
        .def("describe", [](const pe::rules& r, std::uint32_t v) { return r.describe(pe::hand_value{v}); },
             py::arg("value"))
        .def("category", [](const pe::rules& r, const scored_hand& v) { return r.category_label(v.value); },
             py::arg("value"), "The kind of hand: 'Full house', 'No low'.")
        .def("category", [](const pe::rules& r, std::uint32_t v) { return r.category_label(pe::hand_value{v}); },
             py::arg("value"))
        .def("best_five", [](const pe::rules& r, const py::handle& cards) {
                 return card_texts(r.best_five(pe::parse_card_set(cards_text(cards))));
             }, py::arg("cards"), "The cards of the best hand, best first.\n\n"
             ">>> pokerengine.Evaluator().best_five('AsAd KcKh 2s 3d 9c')\n['As', 'Ad', 'Kh', 'Kc', '9c']")
        .def("compare", [](const pe::rules& r, const py::handle& a, const py::handle& b) {
                 const auto va = r.evaluate(pe::parse_card_set(cards_text(a)));
                 const auto vb = r.evaluate(pe::parse_card_set(cards_text(b)));
                 return va < vb ? -1 : va > vb ? 1 : 0;
             }, py::arg("a"), py::arg("b"), "1 when hand a wins, -1 when b wins, 0 for a tie.")
        .def("evaluate_many", &evaluate_many, py::arg("hands"), py::arg("out") = py::none(),
             "Values (uint32) of every row of a uint8 array of shape (n, k), the cards numbered as by\n"
             "`card_number`; the work runs without the GIL. `out`, a contiguous uint32 array of shape (n,),\n"
             "receives them instead of a new array (and is returned), as numpy's `out=` does.\n\n"
             ">>> import numpy\n"
             ">>> hands = numpy.array([[51, 50, 47, 46, 0, 1, 2]], dtype=numpy.uint8)\n"
             ">>> int(pokerengine.Evaluator().evaluate_many(hands)[0]) == "
             "pokerengine.Evaluator().evaluate('AsAh KsKh 2c2d2h').value\nTrue")
        .def("__repr__", [](const pe::rules& r) { return "Evaluator('" + std::string(r.name()) + "')"; });

    py::class_<pe::player_equity>(m, "PlayerEquity", "One player's share of the pot and its parts, 0 to 1.")
        .def_readonly("equity", &pe::player_equity::equity)
        .def_readonly("win", &pe::player_equity::win)
        .def_readonly("tie", &pe::player_equity::tie)
        .def_readonly("high", &pe::player_equity::high)
        .def_readonly("low", &pe::player_equity::low)
        .def_readonly("standard_error", &pe::player_equity::standard_error)
        .def("__repr__", [](const pe::player_equity& p) {
            return "PlayerEquity(equity=" + std::to_string(p.equity) + ")";
        });
    py::class_<pe::equity_result>(m, "EquityResult", "The answer of `equity`.")
        .def_readonly("players", &pe::equity_result::players)
        .def_readonly("exact", &pe::equity_result::exact)
        .def_readonly("deals", &pe::equity_result::deals)
        .def_readonly("standard_error", &pe::equity_result::standard_error)
        .def_readonly("seconds", &pe::equity_result::seconds)
        .def_readonly("stopped_by", &pe::equity_result::stopped_by)
        .def_readonly("resumed_blocks", &pe::equity_result::resumed_blocks);
    m.def("equity",
          [](const std::string& game, const std::vector<std::string>& players, const std::string& board,
             const std::string& dead, const std::string& method, std::uint64_t seed, int threads,
             std::uint64_t max_deals, double target_standard_error, double max_seconds, const py::object& progress,
             const std::optional<std::string>& checkpoint) {
              pe::equity_options o;
              o.checkpoint = checkpoint.value_or("");
              // The report takes the GIL back, as starting_hand_table's does.
              if (!progress.is_none())
                  o.progress = [&progress](std::uint64_t done, std::uint64_t total) {
                      py::gil_scoped_acquire held;
                      progress(done, total);
                  };
              py::gil_scoped_release unlocked;
              const pe::any_game g = pe::find_game(game);
              std::vector<pe::hand_range> ranges;
              for (const std::string& p : players) ranges.push_back(pe::parse_player(g, p));
              o.method = method_named(method);
              o.seed = seed;
              o.threads = threads;
              o.max_deals = max_deals;
              o.target_standard_error = target_standard_error;
              o.max_seconds = max_seconds;
              return pe::equity(g, ranges, card_set(board), card_set(dead), o);
          },
          py::arg("game"), py::arg("players"), py::arg("board") = "", py::arg("dead") = "", py::kw_only(),
          py::arg("method") = "auto", py::arg("seed") = 1, py::arg("threads") = 1, py::arg("max_deals") = 0,
          py::arg("target_standard_error") = 0.0005, py::arg("max_seconds") = 0.0, py::arg("progress") = py::none(),
          py::arg("checkpoint") = py::none(),
          "Each player's share of the pot over the deals of the unknown cards (hands or ranges), exact or by\n"
          "seeded Monte Carlo (method 'auto', 'exact' or 'monte-carlo'); runs without the GIL.\n"
          "`progress(done, total)`, when given, is called with the deals done and to do about ten times a\n"
          "second, and an exception it raises stops the run and is raised here. `checkpoint`, a file's\n"
          "path, keeps a Monte Carlo run's finished blocks of deals there: called again after a stop, it\n"
          "deals only the rest, with the same answer (`resumed_blocks` counts those read back).\n\n"
          ">>> r = pokerengine.equity('holdem', ['AsAh', 'KsKd'])\n"
          ">>> r.exact, r.deals, round(r.players[0].equity, 4)\n(True, 1712304, 0.8195)");

    m.def("starting_hand_table",
          [](int threads, const py::object& progress) {
              // The report runs on the calling thread with the GIL taken back; what it raises stops the
              // run and reaches the caller once the threads are joined. The callable is captured by
              // reference, so no thread copies a Python object without the GIL.
              std::function<void(std::uint64_t, std::uint64_t)> report;
              if (!progress.is_none())
                  report = [&progress](std::uint64_t done, std::uint64_t total) {
                      py::gil_scoped_acquire held;
                      progress(done, total);
                  };
              pe::starting_hand_table table;
              {
                  py::gil_scoped_release unlocked;
                  table = pe::starting_hand_equities(threads, report);
              }
              return py::make_tuple(table.classes, table.equity);
          },
          py::arg("threads") = 1, py::arg("progress") = py::none(),
          "The hold'em starting-hand classes (AA, AKs, ..., 22) and each one's equity against each other,\n"
          "exactly (minutes of work); `progress(done, total)` is called about ten times a second, and an\n"
          "exception it raises stops the run and is raised here. Runs without the GIL.");

    m.def("icm",
          [](const std::vector<double>& stacks, const std::vector<double>& payouts, const std::string& method,
             std::uint64_t trials, std::uint64_t seed) {
              pe::icm_options o;
              o.method = method == "exact"         ? pe::icm_method::exact
                         : method == "monte-carlo" ? pe::icm_method::monte_carlo
                         : method == "auto"        ? pe::icm_method::automatic
                                                   : throw std::invalid_argument(
                                                         "method: auto, exact or monte-carlo, not '" + method + "'");
              o.trials = trials;
              o.seed = seed;
              return pe::icm(stacks, payouts, o).equities;
          },
          py::arg("stacks"), py::arg("payouts"), py::kw_only(), py::arg("method") = "auto",
          py::arg("trials") = 100'000, py::arg("seed") = 1, py::call_guard<py::gil_scoped_release>(),
          "Each player's prize equity by the Malmuth-Harville model.\n\n"
          ">>> [round(e, 2) for e in pokerengine.icm([50, 30, 20], [70, 30])]\n[45.18, 32.25, 22.57]");
}

}  // namespace pokerengine_python
