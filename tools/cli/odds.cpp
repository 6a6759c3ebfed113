// `poker odds`: how likely each kind of hand is, for any rules, hand size,
// deck or set of reels, counted exactly and, on request, simulated beside it.

#include <unistd.h>

#include <array>
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <istream>
#include <memory>
#include <optional>
#include <ranges>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "pokerengine/card_set.hpp"
#include "pokerengine/probability.hpp"
#include "pokerengine/thread_pool.hpp"
#include "commands.hpp"
#include "distributed.hpp"
#include "output.hpp"
#include "reels.hpp"

namespace poker_cli {
namespace {

constexpr option odds_cards_option = whole_option(
    {"cards", 'n', "N", "cards in a hand: 5 (default), 6 or 7, the best five play (badugi: 4)"}, 4, 7);
constexpr option odds_deck_option{"deck", 0, "CARDS", "deal from exactly these cards (Xx for a joker)"};
constexpr option odds_remove_option{"remove", 0, "CARDS", "take these cards out of the deck"};
constexpr option odds_jokers_option = whole_option(
    {"jokers", 0, "N", "add N jokers (0 to 2) to the deck; 1 when jokers are wild, else 0"}, 0, 2);
constexpr option odds_reels_option{"reels", 0, "FILE",
                                          "deal one card from each reel: a line of cards per reel in FILE"};
constexpr option odds_simulate_option =
    whole_option({"simulate", 0, "N", "also deal N random hands and compare with the exact odds"}, 1, 1'000'000'000'000);
constexpr option odds_seed_option = whole_option({"seed", 0, "S", "seed of the simulation (default 1)"}, 0);
constexpr option odds_threads_option =
    whole_option({"threads", 0, "N", "threads to count with (default: one per core)"}, 1, pokerengine::max_threads);
constexpr option odds_json_option{"json", 0, "", "print one JSON object instead of the table"};
constexpr option odds_csv_option{"csv", 0, "", "print comma-separated values instead of the table"};
constexpr option odds_svg_option{"svg", 0, "FILE", "also draw the odds as a bar chart (log scale) in FILE"};

constexpr auto odds_options = with_rule_options(
    std::array{odds_cards_option, odds_deck_option, odds_remove_option, odds_jokers_option, odds_reels_option,
               odds_simulate_option, odds_seed_option, odds_threads_option, odds_json_option, odds_csv_option,
               odds_svg_option, progress_option, quiet_option});

/// Options of `poker odds` that exclude or need each other.
constexpr auto odds_constraints = concatenated(
    std::array{
        option_constraint{"json", "csv", constraint_kind::excludes, "and --csv are alternatives: give one"},
        option_constraint{"seed", "simulate", constraint_kind::needs, "goes with --simulate"},
        option_constraint{"jokers", "deck", constraint_kind::excludes, "does not go with --deck: list the jokers (Xx) in --deck"},
    },
    each_constraint(std::array{odds_deck_option, odds_remove_option, odds_jokers_option, odds_cards_option}, "reels",
                    constraint_kind::excludes,
                    "does not go with --reels: the reels file sets the cards and the hand size"));

constexpr std::string_view odds_synopsis =
    "poker odds [--cards N] [--deck CARDS | --reels FILE] [--remove CARDS] [--jokers N]\n"
    "                  [--simulate N [--seed S]] [--threads N] [--json | --csv] [--svg FILE]\n"
    "                  [--rules NAME] [--wild SPEC] [--bug] [--double-ace-flush] [--paytable]\n"
    "                  [--progress | --quiet]";

constexpr std::string_view odds_summary = "count how likely each kind of hand is, exactly";

constexpr std::string_view odds_details =
    "Counts every hand that can be dealt and prints, for each kind of hand, best\n"
    "first, the number of hands, the probability as a decimal, as '1 in N' and as\n"
    "an exact fraction, then the total:\n"
    "  poker odds\n"
    "  rules: high\n"
    "  deck: 52 cards\n"
    "  hands: 2,598,960 of 5 cards, every one counted\n"
    "  category             count  probability       1 in  exact\n"
    "  Royal flush              4  0.00000153908  649,740  1/649740\n"
    "  ...\n"
    "  total            2,598,960  1                    1  1/1\n"
    "The kinds are the hand categories for high hands (with --paytable the pay\n"
    "table's: natural royal flush, four deuces, wild royal flush, five of a kind,\n"
    "...), and for lowball the lows by their highest card (5-low (wheel), 6-low,\n"
    "..., then 'Pair or worse'; 'No qualifying low' under eight-or-better).\n"
    "\n"
    "The deck is the 52 cards (36, 6 to A, under short-deck rules), with --jokers\n"
    "N jokers added (one by default when jokers are wild), less the --remove\n"
    "cards; --deck CARDS deals from exactly those cards instead (Xx Xx for two\n"
    "jokers). With --reels FILE a hand takes one card from each reel instead:\n"
    "FILE has one line of cards per reel (5 to 7 reels; 4 for badugi), cards\n"
    "separated by spaces, blank lines and lines starting with # skipped; a card\n"
    "may stand on one reel only, once.\n"
    "\n"
    "--simulate N also deals N random hands, seeded by --seed S, and adds the\n"
    "simulated count and frequency and their difference from the exact odds in\n"
    "standard errors. The numbers depend on the seed only, not on the machine\n"
    "or the threads.\n"
    "\n"
    "--json prints {\"total\": N, \"rows\": [{\"category\", \"count\", \"probability\": \"p/q\"},\n"
    "...], ...}; --csv prints a header line and a line per row, then the total.\n"
    "A progress line (hands counted, of how many, per second, the time left) is\n"
    "drawn on standard error when it is a terminal and the count takes over half a\n"
    "second; --progress draws it when standard error is not a terminal, --quiet never.\n";

// `--NAME takes a whole number from LEAST to MOST, not "GIVEN"`. --cards
// names 5 to 7: its bound of 4 is badugi's hand, checked with the rules.
std::string odds_wording(const option& o, std::string_view given) {
    const std::uint64_t least = o.name == "cards" ? 5 : o.least;
    return "--" + std::string(o.name) + " takes a whole number from " + with_separators(least) + " to " +
           with_separators(o.most) + ", not \"" + std::string(given) + "\"";
}

using pokerengine::Card;
using pokerengine::CardList;
using pokerengine::CardSet;
using pokerengine::exact_fraction;
using pokerengine::hand_source;
using pokerengine::odds_table;


CardSet short_deck_cards() {
    CardSet deck;
    for (int r = static_cast<int>(pokerengine::Rank::six); r < pokerengine::rank_count; ++r)
        deck |= pokerengine::every_suit_of(static_cast<pokerengine::Rank>(r));
    return deck;
}

// The reels of the reels file at `path`.
std::vector<CardList> read_reels(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read the reels file " + pokerengine::quoted(path));
    return odds_detail::parse_reels(in, path);
}

// Six significant digits without an exponent: 0.00000153908, 0.501177, 1.
std::string decimal(double p) {
    if (p == 0) return "0";
    if (p >= 1) return "1";
    return fmt::format("{:.{}f}", p, 5 - static_cast<int>(std::floor(std::log10(p))));
}

// "649,740" for large odds, "2.37" for small ones; "-" for a row that never happens.
std::string one_in(std::uint64_t count, std::uint64_t total) {
    if (count == 0) return "-";
    double n = static_cast<double>(total) / static_cast<double>(count);
    if (n >= 100) return with_separators(static_cast<std::uint64_t>(std::llround(n)));
    return fmt::format("{:.2f}", n);
}

std::string fraction_text(const exact_fraction& f) {
    return boost::multiprecision::numerator(f).str() + "/" + boost::multiprecision::denominator(f).str();
}

std::string signed_errors(double z) {
    if (std::isinf(z)) return z > 0 ? "+inf" : "-inf";
    return fmt::format("{:+.2f}", z);
}

std::string padded(std::string text, std::size_t width, bool right) {
    // Width in characters: count UTF-8 lead bytes only.
    std::size_t shown = 0;
    for (char ch : text) shown += (static_cast<unsigned char>(ch) & 0xc0) != 0x80;
    if (shown >= width) return text;
    std::string pad(width - shown, ' ');
    return right ? pad + text : text + pad;
}

// A table of columns, each left- or right-aligned, printed two spaces apart.
std::string aligned(const std::vector<std::vector<std::string>>& lines, const std::vector<bool>& right) {
    std::vector<std::size_t> width(right.size(), 0);
    for (const auto& cells : lines)
        for (std::size_t i = 0; i < cells.size(); ++i) width[i] = std::max(width[i], padded(cells[i], 0, false).size());
    const auto row = [&](const std::vector<std::string>& cells) {
        std::string text = joined(std::views::iota(std::size_t{0}, cells.size()),
                                  [&](std::size_t i) { return padded(cells[i], width[i], right[i]); }, "  ");
        return text.erase(text.find_last_not_of(' ') + 1) + "\n";
    };
    return joined(lines, row, "");
}

struct odds_request {
    rule_options chosen;
    hand_source source;
    std::string deck_text;  // "52 cards", "5 reels"
    std::optional<std::uint64_t> simulate;
    std::uint64_t seed = 1;
};

// One line of a table of odds, exact and (if simulated) beside it the simulation.
struct odds_line {
    std::string label;
    std::uint64_t count;
    exact_fraction probability;
    std::optional<std::uint64_t> simulated;
    double frequency = 0;
    double errors = 0;
};

std::vector<odds_line> lines_of(const odds_table& exact, const std::optional<odds_table>& simulated) {
    std::vector<odds_line> lines;
    for (std::size_t i = 0; i < exact.rows.size(); ++i) {
        odds_line line{exact.rows[i].label, exact.rows[i].count, exact.probability(i), std::nullopt};
        if (simulated) {
            line.simulated = simulated->rows[i].count;
            line.frequency = static_cast<double>(*line.simulated) / static_cast<double>(simulated->total);
            line.errors = pokerengine::standard_errors(*line.simulated, simulated->total, line.probability);
        }
        lines.push_back(line);
    }
    return lines;
}

std::string odds_text(const odds_request& request, const odds_table& exact,
                             const std::optional<odds_table>& simulated) {
    const auto& wild = request.chosen.wild();
    std::string out = "rules: " + std::string(request.chosen.name()) + "\n";
    if (!request.chosen.wild_spec.empty()) out += "wild: " + request.chosen.wild_spec + "\n";
    if (wild.bug) out += "bug\n";
    if (wild.double_ace_flush) out += "double-ace flush\n";
    if (wild.paytable) out += "pay-table order\n";
    out += "deck: " + request.deck_text + "\n";
    const hand_source& source = request.source;
    out += "hands: " + with_separators(exact.total) +
           (source.uses_reels() ? ", one card from each of " + std::to_string(source.hand_size()) + " reels"
                                : " of " + std::to_string(source.hand_size()) + " cards") +
           ", every one counted\n";
    if (simulated)
        out += "simulated: " + with_separators(simulated->total) + " random hands, seed " +
               std::to_string(request.seed) + "\n";
    if (request.chosen.rules.has_qualifier()) {
        std::uint64_t lows = 0;
        for (const auto& row : exact.rows) lows += row.label == "No qualifying low" ? 0 : row.count;
        out += "qualifying lows: " + with_separators(lows) + " (" +
               decimal(static_cast<double>(lows) / static_cast<double>(exact.total)) + ")\n";
    }
    std::vector<std::vector<std::string>> cells;
    std::vector<bool> right{false, true, false, true, false};
    cells.push_back({"category", "count", "probability", "1 in", "exact"});
    if (simulated) {
        cells[0].insert(cells[0].end(), {"simulated", "frequency", "std errors"});
        right.insert(right.end(), {true, false, true});
    }
    for (const odds_line& line : lines_of(exact, simulated)) {
        cells.push_back({line.label, with_separators(line.count), decimal(static_cast<double>(line.probability)),
                         one_in(line.count, exact.total), fraction_text(line.probability)});
        if (line.simulated)
            cells.back().insert(cells.back().end(),
                                {with_separators(*line.simulated), decimal(line.frequency), signed_errors(line.errors)});
    }
    cells.push_back({"total", with_separators(exact.total), "1", "1", "1/1"});
    if (simulated) cells.back().insert(cells.back().end(), {with_separators(simulated->total), "1", ""});
    return out + aligned(cells, right);
}

std::string odds_json(const odds_request& request, const odds_table& exact,
                             const std::optional<odds_table>& simulated) {
    const hand_source& source = request.source;
    json j{{"rules", request.chosen.name()},
           {"wild", cards_json(pokerengine::by_rank_descending(request.chosen.wild().cards))},
           {"bug", request.chosen.wild().bug},
           {"double_ace_flush", request.chosen.wild().double_ace_flush},
           {"paytable", request.chosen.wild().paytable},
           {"cards", source.hand_size()}};
    if (source.uses_reels()) {
        json& reels = j["reels"] = json::array();
        for (const CardList& reel : source.reels()) reels.push_back(cards_json(reel));
    } else {
        j["deck"] = cards_json(source.cards());
    }
    j["total"] = exact.total;
    json& rows = j["rows"] = json::array();
    for (const odds_line& line : lines_of(exact, simulated)) {
        json row{{"category", line.label}, {"count", line.count}, {"probability", fraction_text(line.probability)}};
        if (line.simulated) {
            row["simulated"] = *line.simulated;
            row["frequency"] = json_number(fmt::format("{:.17g}", line.frequency));
            // Six decimals are plenty for a number of standard errors.
            row["standard_errors"] =
                std::isinf(line.errors) ? json(nullptr) : json_number(fmt::format("{:.6f}", line.errors));
        }
        rows.push_back(std::move(row));
    }
    if (simulated) j["simulation"] = {{"hands", simulated->total}, {"seed", request.seed}};
    return json_line(j);
}

// CSV fields need quotes only around commas and quotes; labels may hold neither, but be safe.
std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"") == std::string::npos) return text;
    std::string out = "\"";
    for (char ch : text) out += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return out + "\"";
}

std::string odds_csv(const odds_table& exact, const std::optional<odds_table>& simulated) {
    std::string out = "category,count,probability,decimal,one_in";
    if (simulated) out += ",simulated,frequency,standard_errors";
    out += "\n";
    for (const odds_line& line : lines_of(exact, simulated)) {
        std::string odds = line.count ? one_in(line.count, exact.total) : "";
        odds.erase(std::remove(odds.begin(), odds.end(), ','), odds.end());
        out += csv_field(line.label) + "," + std::to_string(line.count) + "," + fraction_text(line.probability) + "," +
               decimal(static_cast<double>(line.probability)) + "," + odds;
        if (line.simulated) {
            out += fmt::format(",{},{:.17g},", *line.simulated, line.frequency) +
                   (std::isinf(line.errors) ? std::string() : signed_errors(line.errors));
        }
        out += "\n";
    }
    out += "total," + std::to_string(exact.total) + ",1/1,1,1";
    if (simulated) out += "," + std::to_string(simulated->total) + ",1,";
    return out + "\n";
}

// A horizontal bar per row, its length the probability on a log scale; a
// simulated frequency is a dot on the bar.
std::string odds_svg(const odds_request& request, const odds_table& exact,
                            const std::optional<odds_table>& simulated) {
    const std::vector<odds_line> lines = lines_of(exact, simulated);
    double smallest = 1;
    for (const odds_line& line : lines)
        if (line.count) smallest = std::min(smallest, static_cast<double>(line.probability));
    const int decades = std::max(1, static_cast<int>(std::ceil(-std::log10(smallest) - 1e-9)));
    const int label_width = 190, bar_width = 520, row_height = 26, top = 60;
    const int width = label_width + bar_width + 190;
    const int height = top + row_height * static_cast<int>(lines.size()) + 50;
    auto x_of = [&](double p) {
        return label_width + bar_width * std::max(0.0, 1 + std::log10(p) / decades);
    };
    std::string out = fmt::format(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
        "font-family=\"sans-serif\" font-size=\"13\">\n",
        width, height);
    out += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    std::string title = "Poker odds: " + std::string(request.chosen.name()) +
                        (request.chosen.wild_spec.empty() ? "" : ", wild " + request.chosen.wild_spec) +
                        (request.chosen.wild().paytable ? ", pay-table order" : "") + "; " +
                        with_separators(exact.total) + " hands of " + std::to_string(request.source.hand_size()) +
                        " cards from " + request.deck_text;
    out += "<text x=\"10\" y=\"24\" font-size=\"16\" font-weight=\"bold\">" + xml_escaped(title) + "</text>\n";
    out += "<text x=\"10\" y=\"44\" fill=\"#555\">probability, log scale" +
           std::string(simulated ? "; dots: simulated frequency" : "") + "</text>\n";
    const int bottom = top + row_height * static_cast<int>(lines.size());
    for (int d = 0; d <= decades; ++d) {
        double x = label_width + bar_width * (1 - static_cast<double>(d) / decades);
        out += fmt::format("<line x1=\"{0:.1f}\" y1=\"{1}\" x2=\"{0:.1f}\" y2=\"{2}\" stroke=\"#ccc\"/>\n"
                           "<text x=\"{0:.1f}\" y=\"{3}\" text-anchor=\"middle\" fill=\"#555\">{4}</text>\n",
                           x, top - 4, bottom, bottom + 18, d == 0 ? "1" : fmt::format("1e-{}", d));
    }
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const odds_line& line = lines[i];
        const int y = top + row_height * static_cast<int>(i);
        out += "<text x=\"" + std::to_string(label_width - 8) + "\" y=\"" + std::to_string(y + 17) +
               "\" text-anchor=\"end\">" + xml_escaped(line.label) + "</text>\n";
        if (line.count) {
            const double p = static_cast<double>(line.probability);
            out += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"{:.1f}\" height=\"{}\" fill=\"#3b6ea8\">"
                               "<title>{}: {} hands, 1 in {}</title></rect>\n",
                               label_width, y + 4, std::max(1.0, x_of(p) - label_width), row_height - 8,
                               xml_escaped(line.label), with_separators(line.count), one_in(line.count, exact.total));
        }
        if (line.simulated && *line.simulated) {
            out += fmt::format("<circle cx=\"{:.1f}\" cy=\"{}\" r=\"4\" fill=\"#d9822b\"/>\n", x_of(line.frequency),
                               y + row_height / 2);
        }
        out += "<text x=\"" + std::to_string(label_width + bar_width + 8) + "\" y=\"" + std::to_string(y + 17) +
               "\">" + (line.count ? "1 in " + one_in(line.count, exact.total) : std::string("none")) + "</text>\n";
    }
    return out + "</svg>\n";
}

odds_request read_odds_request(const arguments& args) {
    args.expect_positional(0, 0, "no arguments");
    odds_request request{rule_options::from(args), {}, {}, std::nullopt, 1};
    const bool badugi = request.chosen.name() == "badugi";
    const bool short_deck = request.chosen.name().starts_with("short-deck");
    const auto& wild = request.chosen.wild();
    const bool jokers_wild = wild.cards.joker_count() > 0 || wild.bug;

    request.simulate = args.whole("simulate");
    request.seed = args.whole("seed").value_or(1);
    if (auto reels_file = args.value("reels")) {
        request.source = hand_source::from_reels(read_reels(std::string(*reels_file)));
        CardSet cards = request.source.cards();
        request.deck_text = std::to_string(request.source.reels().size()) + " reels of " +
                            with_separators(static_cast<std::uint64_t>(cards.size())) + " cards";
        return request;
    }

    int size = badugi ? 4 : 5;
    if (std::optional<std::uint64_t> n = args.whole("cards")) {
        if (badugi && *n != 4) throw usage_error("--cards: badugi hands hold 4 cards, not \"" + std::to_string(*n) + "\"");
        if (!badugi && *n < 5) throw args.number_error("cards", std::to_string(*n));
        size = static_cast<int>(*n);
    }
    CardSet deck;
    std::string described;
    if (auto listed = args.value("deck")) {
        try {
            deck = pokerengine::parse_card_set(*listed);
        } catch (const pokerengine::parse_error& e) {
            throw pokerengine::parse_error(std::string("--deck: ") + e.what());
        }
        described = " (listed)";
    } else {
        deck = short_deck ? short_deck_cards() : CardSet::standard_deck();
        int jokers = jokers_wild ? 1 : 0;
        if (std::optional<std::uint64_t> n = args.whole("jokers")) jokers = static_cast<int>(*n);
        for (int j = 0; j < jokers; ++j) deck |= Card::joker(j);
        described = short_deck ? " (short deck)" : "";
        if (jokers) described += jokers == 1 ? " with a joker" : " with two jokers";
    }
    if (auto removed = args.value("remove")) {
        CardSet gone;
        try {
            gone = pokerengine::parse_card_set(*removed);
        } catch (const pokerengine::parse_error& e) {
            throw pokerengine::parse_error(std::string("--remove: ") + e.what());
        }
        // "Xx" names the first joker; a deck holding only the second takes it as well.
        if (gone.contains(Card::joker(0)) && !deck.contains(Card::joker(0)) && deck.contains(Card::joker(1)) &&
            !gone.contains(Card::joker(1)))
            gone = (gone - Card::joker(0)) | Card::joker(1);
        if (CardSet missing = gone - deck; !missing.empty())
            throw pokerengine::hand_error("--remove: " + pokerengine::to_string(missing) + " not in the deck");
        deck -= gone;
        described += ", less " + pokerengine::to_string(gone);
    }
    request.source = hand_source::from_deck(deck, size);
    request.deck_text = std::to_string(deck.size()) + " cards" + described;
    return request;
}


/// `poker odds`: see `odds_details` and docs/cli.md.
int run_odds(const arguments& args) {
    const odds_request request = read_odds_request(args);
    pokerengine::run_options options;
    options.threads = static_cast<unsigned>(args.whole("threads").value_or(options.threads));
    // Under mpirun the counting and the simulation are spread over the ranks.
    const std::unique_ptr<pokerengine::block_driver> ranks =
        mpi_driver_for(options.threads ? static_cast<int>(options.threads) : default_threads());
    options.driver = ranks.get();
    std::optional<std::string> svg_path;
    if (auto path = args.value("svg")) svg_path = std::string(*path);

    odds_table exact;
    {
        progress_line bar(args, "counting", "hands");
        options.progress = [&bar](std::uint64_t done, std::uint64_t total) { bar(done, total); };
        exact = pokerengine::exact_odds(request.chosen.rules, request.source, options);
    }
    std::optional<odds_table> simulated;
    if (request.simulate) {
        progress_line bar(args, "simulating", "hands");
        options.progress = [&bar](std::uint64_t done, std::uint64_t total) { bar(done, total); };
        simulated = pokerengine::simulated_odds(request.chosen.rules, request.source, *request.simulate, request.seed,
                                                options);
    }
    if (!writes_output()) return 0;
    if (svg_path) {
        std::ofstream file(*svg_path, std::ios::binary);
        file << odds_svg(request, exact, simulated);
        file.close();
        if (!file) throw std::runtime_error("cannot write the chart to \"" + *svg_path + "\"");
    }
    if (args.flag("json"))
        write_out(odds_json(request, exact, simulated));
    else if (args.flag("csv"))
        write_out(odds_csv(exact, simulated));
    else
        write_out(odds_text(request, exact, simulated));
    return 0;
}

}  // namespace

const command odds_command{"odds",         odds_synopsis, odds_summary,     odds_details,
                           odds_options,   run_odds,      odds_constraints, odds_wording};

}  // namespace poker_cli
