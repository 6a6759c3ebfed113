// Room hand histories and player statistics from Python: a file's hands read
// a round at a time (history_hands) and checked against the room's record,
// and the statistics accumulator; thin over pokerengine/import.hpp and
// pokerengine/statistics.hpp. Money is `decimal.Decimal`, exact as the rooms
// wrote it.

#include <cerrno>
#include <cmath>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <pybind11/stl.h>

#include "pokerengine/import.hpp"
#include "pokerengine/notation.hpp"
#include "pokerengine/statistics.hpp"
#include "pokerengine/thread_pool.hpp"
#include "bindings.hpp"

namespace pokerengine_python {
namespace {

namespace pe = pokerengine;
namespace pp = pokerengine::play;

py::object decimal(pe::chips amount, int decimals) {
    return py::module_::import("decimal").attr("Decimal")(pp::money_text(amount, decimals));
}

py::list decimals(const std::vector<pe::chips>& amounts, int places) {
    py::list out;
    for (pe::chips a : amounts) out.append(decimal(a, places));
    return out;
}

std::optional<std::string> unless_empty(const std::string& text) {
    return text.empty() ? std::nullopt : std::optional(text);
}

std::string read_file(const std::string& path) {
    std::ifstream in{path, std::ios::binary};
    std::ostringstream text;
    if (in) text << in.rdbuf();
    if (!in) {
        PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
        throw py::error_already_set();
    }
    return std::move(text).str();
}

// The hands of one file, a round at a time: the file, its stream, the reader
// and the hands of the round being given.
class history_iterator {
public:
    history_iterator(const std::string& path, const std::string& room, const std::optional<std::string>& acpc_game,
                     std::optional<unsigned> threads)
        : in_(path, std::ios::binary) {
        const unsigned t = threads.value_or(std::max(1U, std::thread::hardware_concurrency()));
        if (t < 1 || t > pe::max_threads) throw coded_error("bad_option", "threads must be 1 to " + std::to_string(pe::max_threads));
        if (!in_) {
            PyErr_SetFromErrnoWithFilename(PyExc_OSError, path.c_str());
            throw py::error_already_set();
        }
        if (acpc_game) {
            try {
                acpc_ = pp::acpc_reader(read_file(*acpc_game));
            } catch (const pp::game_definition_error& e) {
                throw coded_error(std::string(pp::game_definition_error::code()), *acpc_game + ": " + e.what());
            }
        }
        stream_ = std::make_unique<pp::history_stream>(in_);
        const std::string_view head = stream_->head();
        const pp::history_reader* reader = room == "auto" ? pp::detect_reader(head)
                                           : room == "acpc" ? acpc_.get()
                                                            : pp::find_reader(room);
        if (!reader && room == "auto" && acpc_ && acpc_->recognizes(head.substr(0, 4096))) reader = acpc_.get();
        if (!reader) {
            if (room == "acpc") throw coded_error("bad_option", "room 'acpc' needs acpc_game, the game definition of the logs");
            if (room != "auto" && !pp::find_reader(room)) {
                std::string known;
                for (const pp::history_reader* r : pp::readers()) known += std::string(r->room()) + ", ";
                throw coded_error("unknown_room", "no reader of the room '" + pe::printable(room) + "' (rooms: " + known + "acpc)");
            }
            const bool empty = stream_->ended() && head.find_first_not_of(" \t\r\n\xEF\xBB\xBF") == std::string_view::npos;
            if (!empty) {
                const bool acpc_log = head.find("STATE:") != std::string_view::npos;
                throw coded_error("unknown_format", pe::printable(path) + (acpc_log
                    ? ": an ACPC dealer log needs acpc_game, its game definition"
                    : ": line 1: not the hand history of a room the importer knows"));
            }
            return;  // an empty file holds no hands
        }
        hands_ = std::make_unique<pp::history_hands>(*stream_, *reader, path, t);
    }

    pp::imported_hand next() {
        while (at_ == round_.size()) {
            if (!hands_) throw py::stop_iteration();
            {
                py::gil_scoped_release free;
                round_ = hands_->next();
            }
            at_ = 0;
            if (round_.empty()) {
                hands_.reset();
                throw py::stop_iteration();
            }
        }
        return std::move(round_[at_++]);
    }

    std::uint64_t bytes_done() const { return hands_ ? hands_->bytes_done() : stream_ ? stream_->bytes_read() : 0; }

private:
    std::ifstream in_;
    std::unique_ptr<pp::history_reader> acpc_;
    std::unique_ptr<pp::history_stream> stream_;
    std::unique_ptr<pp::history_hands> hands_;
    std::vector<pp::imported_hand> round_;
    std::size_t at_ = 0;
};

// A hand's verdict with the hand it judged, for its PHH.
struct checked_hand {
    pp::imported_hand hand;
    pp::import_check verdict;
};

py::dict graph_point_dict(const pp::graph_point& p) {
    py::dict d;
    d["hand"] = p.hand;
    d["net"] = p.net;
    d["all_in_adjusted"] = p.all_in_adjusted;
    d["showdown"] = p.showdown;
    d["non_showdown"] = p.non_showdown;
    return d;
}

}  // namespace

void bind_history(py::module_& m) {
    py::class_<pp::imported_hand>(m, "ImportedHand",
                                  "One hand of a room's history as the room recorded it; `check()` replays it.")
        .def_property_readonly("file", [](const pp::imported_hand& h) { return h.hand.file; })
        .def_property_readonly("index", [](const pp::imported_hand& h) { return h.hand.index; },
                               "The hand's place in its file, from 0.")
        .def_readonly("room", &pp::imported_hand::room)
        .def_readonly("id", &pp::imported_hand::id, "The room's hand number.")
        .def_readonly("game", &pp::imported_hand::game, "The room's name of the game.")
        .def_readonly("first_line", &pp::imported_hand::first_line)
        .def_readonly("players", &pp::imported_hand::players, "The names, in the hand's seat order.")
        .def_readonly("cancelled", &pp::imported_hand::cancelled)
        .def_property_readonly("reason", [](const pp::imported_hand& h) { return unless_empty(h.reason); },
                               "Why the hand could not be read, naming the line; None when it was.")
        .def_property_readonly("starting_stacks", [](const pp::imported_hand& h) {
            return decimals(h.hand.config.starting_stacks, h.hand.decimals);
        })
        .def_property_readonly("recorded_results", [](const pp::imported_hand& h) {
            return decimals(h.recorded_results, h.hand.decimals);
        }, "Each seat's net result as the room recorded it (its rake taken), as Decimal.")
        .def_property_readonly("rake", [](const pp::imported_hand& h) { return decimal(h.rake, h.hand.decimals); })
        .def_property_readonly("cash_outs", [](const pp::imported_hand& h) -> py::object {
            if (h.cash_outs.empty()) return py::none();
            return decimals(h.cash_outs, h.hand.decimals);
        }, "When a player cashed out: what the room paid each seat beside the pots (negative: what the seat "
           "paid it), in both results, as Decimal; None when nobody did.")
        .def_property_readonly("hand", [](const pp::imported_hand& h) { return h.hand; },
                               "The hand as a RecordedHand (configuration and actions), to replay.")
        .def("check", [](const pp::imported_hand& h, bool lenient, const std::optional<std::string>& profile) {
                 pp::replay_options o;
                 if (profile) o.rules = pp::rule_profile::named(*profile);
                 o.lenient = lenient;
                 checked_hand c{h, {}};
                 {
                     py::gil_scoped_release free;
                     c.verdict = pp::check(c.hand, o);
                 }
                 return c;
             }, py::arg("lenient") = false, py::arg("profile") = py::none(),
             "Replays the hand and compares every seat's chips with the room's record.");

    py::class_<checked_hand>(m, "ImportCheck", "The verdict on an imported hand.")
        .def_property_readonly("status", [](const checked_hand& c) { return std::string(pp::to_string(c.verdict.status)); },
                               "\"ok\", \"mismatch\", \"unsupported\" or \"error\".")
        .def_property_readonly("ok", [](const checked_hand& c) { return c.verdict.status == pp::import_status::ok; })
        .def_property_readonly("reason", [](const checked_hand& c) { return unless_empty(c.verdict.reason); },
                               "What is wrong, naming the line; None when ok.")
        .def_property_readonly("results", [](const checked_hand& c) -> py::object {
            if (c.verdict.results.empty()) return py::none();
            return decimals(c.verdict.results, c.hand.hand.decimals);
        }, "Each seat's net result by the engine, the room's rake taken off, as Decimal; None when not replayed.")
        .def("to_phh", [](const checked_hand& c) { return unless_empty(pp::imported_phh(c.hand, c.verdict)); },
             "The hand as PHH, as the engine replayed it; None when it was not replayed.");

    py::class_<history_iterator>(m, "HistoryReader", "The hands of a room's history file, in file order.")
        .def("__iter__", [](history_iterator& it) -> history_iterator& { return it; })
        .def("__next__", &history_iterator::next)
        .def_property_readonly("bytes_done", &history_iterator::bytes_done,
                               "The bytes of the file whose hands were read.");
    m.def("read_history",
          [](const py::object& path, const std::string& room, const py::object& acpc_game, std::optional<unsigned> threads) {
              const auto fspath = [](const py::object& p) { return py::module_::import("os").attr("fspath")(p).cast<std::string>(); };
              return std::make_unique<history_iterator>(fspath(path), room,
                                                        acpc_game.is_none() ? std::nullopt : std::optional(fspath(acpc_game)),
                                                        threads);
          },
          py::arg("path"), py::arg("room") = "auto", py::kw_only(), py::arg("acpc_game") = py::none(),
          py::arg("threads") = py::none(),
          "The hands of a room's hand-history file (PokerStars, GGPoker, Full Tilt, Winamax, iPoker, PartyPoker; ACPC\n"
          "logs with `acpc_game`, the path of their .game definition), read a block at a time in bounded memory on\n"
          "`threads` threads (default: every core), in file order. `room` is \"auto\" (told by the first lines)\n"
          "or a room's name as `poker import --from` takes it. docs/python.md has an example.");

    py::class_<pp::frequency>(m, "Frequency", "A count and the chances to make it: VPIP 12 of 40.")
        .def_readonly("made", &pp::frequency::made)
        .def_readonly("chances", &pp::frequency::chances)
        .def_property_readonly("ratio", &pp::frequency::ratio, "made / chances; None without a chance.")
        .def("__repr__", [](const pp::frequency& f) {
            return "Frequency(made=" + std::to_string(f.made) + ", chances=" + std::to_string(f.chances) + ")";
        });

    py::class_<pp::player_statistics>(m, "PlayerStatistics", "One player's statistics, in one position or in all "
                                                              "(docs/stats.md defines each).")
        .def_readonly("player", &pp::player_statistics::player)
        .def_readonly("position", &pp::player_statistics::position)
        .def_readonly("hands", &pp::player_statistics::hands)
        .def_readonly("vpip", &pp::player_statistics::vpip)
        .def_readonly("pfr", &pp::player_statistics::pfr)
        .def_readonly("three_bet", &pp::player_statistics::three_bet)
        .def_readonly("fold_to_three_bet", &pp::player_statistics::fold_to_three_bet)
        .def_readonly("cbet", &pp::player_statistics::cbet)
        .def_readonly("fold_to_cbet", &pp::player_statistics::fold_to_cbet)
        .def_readonly("saw_second_round", &pp::player_statistics::saw_second_round)
        .def_readonly("went_to_showdown", &pp::player_statistics::went_to_showdown)
        .def_readonly("won_at_showdown", &pp::player_statistics::won_at_showdown)
        .def_property_readonly("aggression_factor", &pp::player_statistics::aggression_factor)
        .def_property_readonly("aggression_frequency", &pp::player_statistics::aggression_frequency)
        .def_property_readonly("wtsd", &pp::player_statistics::wtsd, "Went to showdown, of the hands that saw the second round.")
        .def_property_readonly("wsd", &pp::player_statistics::wsd, "Won money at showdown, of the showdowns.")
        .def_property_readonly("wwsf", &pp::player_statistics::wwsf, "Won money, of the hands that saw the second round.")
        .def_property_readonly("net", [](const pp::player_statistics& p) { return decimal(p.net, p.decimals); })
        .def_property_readonly("showdown_net", [](const pp::player_statistics& p) { return decimal(p.showdown_net, p.decimals); })
        .def_readonly("net_big_blinds", &pp::player_statistics::net_big_blinds)
        .def_property_readonly("bb_per_100", &pp::player_statistics::bb_per_100)
        .def_property_readonly("all_in_adjusted", [](const pp::player_statistics& p) {
            return p.all_in_adjusted / std::pow(10.0, p.decimals);
        }, "Net won with each all-in before the last card valued at its equity, in money.")
        .def_readonly("all_in_hands", &pp::player_statistics::all_in_hands)
        .def("__repr__", [](const pp::player_statistics& p) {
            return "PlayerStatistics(player=" + py::repr(py::str(p.player)).cast<std::string>() + ", position='" +
                   p.position + "', hands=" + std::to_string(p.hands) + ")";
        });

    py::class_<pp::statistics>(m, "Statistics",
                               "Player statistics over hands, as trackers show them; accumulators merge exactly.")
        .def(py::init<>())
        .def("add", [](pp::statistics& s, const pp::recorded_hand& hand) {
                 py::gil_scoped_release free;
                 s.add(hand, hand.players);
             }, py::arg("hand"), "Replays a PHH hand and counts it; raises pokerengine.Error when the replay stops.")
        .def("add", [](pp::statistics& s, const pp::imported_hand& hand) {
                 if (hand.cancelled) return false;
                 if (!hand.reason.empty()) throw coded_error(std::string(pp::to_string(hand.read_status)), hand.reason);
                 py::gil_scoped_release free;
                 s.add(hand.hand, hand.players, hand.recorded_results);
                 return true;
             }, py::arg("hand"),
             "Counts a room's hand with the results the room recorded; False for a hand the room cancelled\n"
             "(not counted); raises pokerengine.Error for a hand that cannot be read or replayed.")
        .def("merge", &pp::statistics::merge, py::arg("other"))
        .def_property_readonly("hands", &pp::statistics::hands)
        .def("players", &pp::statistics::players, "Every player over all positions, by name.")
        .def("by_position", &pp::statistics::by_position, "Every player in each position, by name, then position.")
        .def("follow", &pp::statistics::follow, py::arg("player"),
             "Keeps the graph of one player's winnings, hand by hand (call before adding hands).")
        .def("graph", [](const pp::statistics& s) {
            py::list out;
            for (const pp::graph_point& p : s.graph()) out.append(graph_point_dict(p));
            return out;
        }, "The followed player's cumulative winnings by hand: net, all-in adjusted, showdown, non-showdown.")
        .def("graph_svg", [](const pp::statistics& s, const std::string& title) {
            return pp::winnings_graph_svg(s.graph(), title);
        }, py::arg("title") = "", "The graph trackers draw of `graph()`, an SVG document.");
}

}  // namespace pokerengine_python
