// `poker icm`: tournament equity by the Independent Chip Model, and deals.

#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "commands.hpp"
#include "output.hpp"
#include "pokerengine/card.hpp"
#include "pokerengine/icm.hpp"

namespace poker_cli {
namespace {

constexpr std::array icm_options_list{
    option{"stacks", 's', "S,S,...", "each player's chips, in seat order"},
    option{"payouts", 'p', "P,P,...", "the payout of each place still to be paid, first place first"},
    option{"deal", 0, "", "also show the ICM deal and the chip chop"},
    option{"exact", 0, "", "the exact method only (up to 20 players)"},
    option{"simulate", 0, "", "Monte Carlo, whatever the number of players"},
    whole_option({"trials", 0, "N", "Monte Carlo: finishing orders to draw (default 100000)"}, 1,
                 pokerengine::icm_max_trials),
    whole_option({"seed", 0, "N", "Monte Carlo: the seed (default 1)"}, 0),
    json_option,
};

constexpr std::array icm_constraints{
    option_constraint{"exact", "simulate", constraint_kind::excludes, "and --simulate exclude each other"},
    option_constraint{"trials", "exact", constraint_kind::excludes, "goes with Monte Carlo, not --exact"},
    option_constraint{"seed", "exact", constraint_kind::excludes, "goes with Monte Carlo, not --exact"},
};

// A comma list of numbers of at least 0 (`5000,3000,2000`, `50.5,30`); anything
// else is a usage error with the code of what the list holds.
std::vector<double> number_list(std::string_view text, std::string_view option_name, pokerengine::icm_error_code code) {
    std::vector<double> numbers;
    if (text.empty()) return numbers;
    std::size_t start = 0;
    while (true) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const std::string_view item = text.substr(start, comma - start);
        double x = 0;
        const bool digits = !item.empty() && item.find_first_not_of("0123456789.") == std::string_view::npos;
        const auto [end, ec] = std::from_chars(item.data(), item.data() + item.size(), x);
        if (!digits || ec != std::errc{} || end != item.data() + item.size())
            throw usage_error(std::string(pokerengine::to_string(code)) + ": --" + std::string(option_name) + ": '" +
                              pokerengine::printable(item) + "' is not a number of 0 or more (give numbers separated by commas: 5000,3000,2000)");
        numbers.push_back(x);
        if (comma == text.size()) return numbers;
        start = comma + 1;
    }
}

std::string number(double x) { return fmt::format("{:.9g}", x); }

json numbers_of(const std::vector<double>& xs) {
    json a = json::array();
    for (double x : xs) a.push_back(json_number(number(x)));
    return a;
}

int run_icm(const arguments& args) {
    using namespace pokerengine;
    args.expect_positional(0, 0, "no arguments");
    if (!args.flag("stacks")) throw usage_error("'icm' needs --stacks (see 'poker help icm')");
    if (!args.flag("payouts")) throw usage_error("'icm' needs --payouts (see 'poker help icm')");
    const std::vector<double> stacks = number_list(*args.value("stacks"), "stacks", icm_error_code::bad_stack);
    const std::vector<double> payouts = number_list(*args.value("payouts"), "payouts", icm_error_code::bad_payout);
    icm_options options;
    if (args.flag("exact")) options.method = icm_method::exact;
    if (args.flag("simulate")) options.method = icm_method::monte_carlo;
    options.trials = args.whole("trials").value_or(options.trials);
    options.seed = args.whole("seed").value_or(options.seed);
    icm_deal deal;
    try {
        deal = icm_chop(stacks, payouts, options);
    } catch (const icm_error& e) {
        throw usage_error(std::string(to_string(e.code())) + ": " + e.what());
    }
    const icm_result& r = deal.equity;
    const bool simulated = r.method == icm_method::monte_carlo;
    const std::size_t places = std::min(stacks.size(), payouts.size());
    if (args.flag("json")) {
        json j{{"players", stacks.size()},
               {"places_paid", places},
               {"prize_pool", json_number(number(r.prize_pool))},
               {"method", simulated ? "monte-carlo" : "exact"},
               {"trials", simulated ? json(r.trials) : json(nullptr)},
               {"seed", simulated ? json(options.seed) : json(nullptr)},
               {"stacks", numbers_of(stacks)},
               {"equities", numbers_of(r.equities)},
               {"standard_errors", numbers_of(r.standard_errors)}};
        if (args.flag("deal"))
            j["deal"] = json{{"guaranteed", json_number(number(deal.guaranteed))},
                             {"remaining", json_number(number(deal.remaining))},
                             {"icm", numbers_of(r.equities)},
                             {"chip_chop", numbers_of(deal.chip_chop)}};
        write_out(json_line(j));
        return 0;
    }
    double total = 0;
    for (double s : stacks) total += s;
    std::string out = fmt::format("players: {}, places paid: {}, prize pool: {}\n", stacks.size(), places,
                                  number(r.prize_pool));
    out += simulated ? fmt::format("method: Monte Carlo, {} trials, seed {}\n", with_separators(r.trials), options.seed)
                     : std::string("method: exact\n");
    for (std::size_t i = 0; i < stacks.size(); ++i) {
        out += fmt::format("player {}: stack {} ({:.2f}% of the chips), equity {}", i + 1, number(stacks[i]),
                           100 * stacks[i] / total, number(r.equities[i]));
        if (simulated) out += " ± " + number(r.standard_errors[i]);
        out += fmt::format(" ({:.2f}% of the prize pool)\n", r.prize_pool > 0 ? 100 * r.equities[i] / r.prize_pool : 0.0);
    }
    if (args.flag("deal")) {
        out += fmt::format("deal: {} to each player first, then {} shared\n", number(deal.guaranteed),
                           number(deal.remaining));
        for (std::size_t i = 0; i < stacks.size(); ++i)
            out += fmt::format("player {}: ICM deal {}, chip chop {}\n", i + 1, number(r.equities[i]),
                               number(deal.chip_chop[i]));
    }
    write_out(out);
    return 0;
}

}  // namespace

const command icm_command{
"icm", "poker icm --stacks S,S,... --payouts P,P,... [--deal] [--exact | --simulate] [--trials N] [--seed N] [--json]",
         "tournament equity of chip stacks by the Independent Chip Model",
         "Each player's share of the prize pool by the Malmuth-Harville model: a player\n"
         "finishes first with the probability of their share of the chips, and each next\n"
         "place goes to one of the players left with the probability of their share of\n"
         "the chips left. --payouts lists the places still to be paid, first place first;\n"
         "places beyond the number of players are not paid.\n"
         "  poker icm --stacks 5000,3000,2000 --payouts 50,30,20\n"
         "  players: 3, places paid: 3, prize pool: 100\n"
         "  method: exact\n"
         "  player 1: stack 5000 (50.00% of the chips), equity 38.3928571 (38.39% of the prize pool)\n"
         "  ...\n"
         "Exact up to 20 players, Monte Carlo beyond (or with --simulate), with each\n"
         "equity's standard error after '±'. --deal adds the deals: each player takes\n"
         "the smallest payout they are sure of, then the ICM deal pays the rest so that\n"
         "each player gets their equity, and the chip chop shares it by the chips.\n"
         "With --json: {\"players\", \"places_paid\", \"prize_pool\", \"method\", \"trials\",\n"
         "\"seed\", \"stacks\", \"equities\" (in payout units, in the order of --stacks),\n"
         "\"standard_errors\"} and with --deal \"deal\": {\"guaranteed\", \"remaining\", \"icm\",\n"
         "\"chip_chop\"}. Bad stacks or payouts are usage errors (status 2) that start\n"
         "with their code: bad_stack, bad_payout, too_many_players, too_many_for_exact.\n",
    icm_options_list,
    run_icm,
    icm_constraints,
};

}  // namespace poker_cli
