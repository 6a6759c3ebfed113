# Writes the browser table (server/www/table.html) into a C++ source as bytes,
# so that the server needs no file at run time: embed_page.py IN OUT.
import sys

data = open(sys.argv[1], 'rb').read()
lines = [', '.join(str(b) for b in data[i:i + 24]) for i in range(0, len(data), 24)]
with open(sys.argv[2], 'w', encoding='utf-8') as out:
    out.write('// Written by server/embed_page.py from server/www/table.html.\n')
    out.write('#include "pokerengine/server/page.hpp"\n\nnamespace pokerengine::server {\n\n')
    out.write('std::string_view table_page() {\n    static constexpr unsigned char page[] = {\n        ')
    out.write(',\n        '.join(lines))
    out.write(', 0};\n    return {reinterpret_cast<const char*>(page), sizeof page - 1};\n}\n\n}  // namespace pokerengine::server\n')
