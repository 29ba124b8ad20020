# Same as PyInstaller's own hook for this module, minus the Qt plugins, libraries and
# translations the app does not use (see ../bundle_policy.py). User hooks replace built-in ones.
from bundle_policy import keep_hook_entries
from PyInstaller.utils.hooks.qt import add_qt6_dependencies

hiddenimports, binaries, datas = add_qt6_dependencies(__file__)
binaries = keep_hook_entries(binaries)
datas = keep_hook_entries(datas)
