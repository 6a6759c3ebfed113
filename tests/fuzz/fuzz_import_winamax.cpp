// Winamax hand histories: the reader on any text, then the check of every
// hand it reads (room_reader_support.hpp says what must hold).

#include "room_reader_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    fuzz::check_room_reader("winamax", data, size);
    return 0;
}
