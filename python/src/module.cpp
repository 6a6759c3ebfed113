// The module `pokerengine._pokerengine`, which pokerengine/__init__.py
// re-exports: the library's errors as Python exceptions carrying its codes.

#include <string>
#include <string_view>

#include "pokerengine/checkpoint.hpp"
#include "pokerengine/game.hpp"
#include "pokerengine/icm.hpp"
#include "pokerengine/import.hpp"
#include "pokerengine/notation.hpp"
#include "pokerengine/play.hpp"
#include "pokerengine/rules.hpp"
#include "pokerengine/statistics.hpp"
#include "pokerengine/table.hpp"
#include "bindings.hpp"

namespace pokerengine_python {
namespace {

namespace pp = pokerengine::play;

// The exception types, created once when the module loads.
PyObject* error_type = nullptr;
PyObject* illegal_action_type = nullptr;
PyObject* config_error_type = nullptr;
PyObject* notation_error_type = nullptr;

PyObject* new_type(py::module_& m, const char* name, PyObject* base, const char* doc) {
    const std::string qualified = std::string("pokerengine.") + name;
    PyObject* type = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, base, nullptr);
    if (!type) throw py::error_already_set();
    m.add_object(name, py::handle(type));
    return type;
}

// Raises `type(message)` with `.code` set to the library's code.
void raise(PyObject* type, const char* message, std::string_view code) {
    py::object error = py::reinterpret_steal<py::object>(PyObject_CallFunction(type, "s", message));
    if (!error) return;  // the call set its own error
    error.attr("code") = py::str(std::string(code));
    PyErr_SetObject(type, error.ptr());
}

}  // namespace
}  // namespace pokerengine_python

PYBIND11_MODULE(_pokerengine, m) {
    using namespace pokerengine_python;
    m.doc() = "pokerengine's C++ library; import pokerengine to use it.";
    error_type = new_type(m, "Error", PyExc_ValueError,
                          "Bad input to pokerengine: `.code` names what is wrong (\"bad_cards\", \"game_error\", ...).");
    illegal_action_type = new_type(m, "IllegalAction", error_type,
                                   "An action the rules refuse now; `.code` says why (\"below_minimum\", ...). "
                                   "The hand is unchanged.");
    config_error_type = new_type(m, "ConfigError", error_type,
                                 "A bad hand configuration; `.code` names the option (\"wrong_length\", ...).");
    notation_error_type = new_type(m, "NotationError", error_type,
                                   "Text that is not a valid action, profile or saved hand; `.code` says how.");
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const coded_error& e) {
            raise(error_type, e.what(), e.code);
        } catch (const pp::action_error& e) {
            raise(illegal_action_type, e.what(), pp::to_string(e.code()));
        } catch (const pp::table_error& e) {
            raise(error_type, e.what(), pp::to_string(e.code()));
        } catch (const pp::config_error& e) {
            raise(config_error_type, e.what(), pp::to_string(e.code()));
        } catch (const pp::notation_error& e) {
            raise(notation_error_type, e.what(), pp::to_string(e.code()));
        } catch (const pp::statistics_error& e) {
            raise(error_type, e.what(), e.code());
        } catch (const pp::history_read_error& e) {
            raise(error_type, e.what(), pp::history_read_error::code());
        } catch (const pokerengine::checkpoint_error& e) {
            raise(error_type, e.what(), pokerengine::to_string(e.code()));
        } catch (const pokerengine::icm_error& e) {
            raise(error_type, e.what(), pokerengine::to_string(e.code()));
        } catch (const pokerengine::game_error& e) {
            raise(error_type, e.what(), "game_error");
        } catch (const pokerengine::rules_error& e) {
            raise(error_type, e.what(), "rules_error");
        } catch (const pokerengine::parse_error& e) {
            raise(error_type, e.what(), "parse_error");
        } catch (const pokerengine::hand_error& e) {
            raise(error_type, e.what(), "hand_error");
        }
    });
    bind_cards(m);
    bind_hand(m);
    bind_table(m);
    bind_history(m);
}
