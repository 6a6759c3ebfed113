// Checkpoint files (checkpoint.hpp): whatever the text, read_checkpoint gives
// the blocks of complete lines or a checkpoint_error, and blocks written back
// in the file's own form read back the same.

#include <charconv>
#include <string>

#include "fuzz_support.hpp"
#include "pokerengine/checkpoint.hpp"

using namespace pokerengine;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(fuzz::text_of(data, size));
    fuzz::expect_clean([&] {
        const auto blocks = read_checkpoint(text, "j", "fuzz");
        std::string again = "pokerengine checkpoint 1\njob j\n";
        char hex[17];
        for (const auto& [index, words] : blocks) {
            again += std::to_string(index);
            for (std::uint64_t w : words) {
                again += ' ';
                again.append(hex, std::to_chars(hex, hex + sizeof hex, w, 16).ptr);
            }
            again += '\n';
        }
        fuzz::require(read_checkpoint(again, "j", "fuzz") == blocks);
    });
    return 0;
}
