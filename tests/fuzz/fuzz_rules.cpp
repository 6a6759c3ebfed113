// Wild-card specs, rule names and game names: parse_wild_cards, rules::parse
// with the wild options the first byte picks, find_game.

#include "fuzz_support.hpp"
#include "pokerengine/games.hpp"
#include "pokerengine/rules.hpp"
#include "pokerengine/wild.hpp"

using namespace pokerengine;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::uint8_t flags = data[0];
    const std::string_view text = fuzz::text_of(data + 1, size - 1);
    // "NAME|WILD": a rule name and a wild-card spec.
    const std::size_t bar = text.find('|');
    const std::string_view name = text.substr(0, bar);
    const std::string_view spec = bar == std::string_view::npos ? std::string_view{} : text.substr(bar + 1);
    fuzz::expect_clean([&] { (void)parse_wild_cards(text); });
    fuzz::expect_clean([&] {
        wild_options options;
        if (!spec.empty()) options.cards = parse_wild_cards(spec);
        options.bug = flags & 1;
        options.double_ace_flush = flags & 2;
        options.paytable = flags & 4;
        const rules r = rules::parse(name, options);
        fuzz::expect_clean([&] { (void)r.visit([](const auto& ev) { return ev.evaluate("As Ks Qs Js Ts"); }); });
    });
    fuzz::expect_clean([&] { (void)find_game(text); });
    return 0;
}
