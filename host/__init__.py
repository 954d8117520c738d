"""The `burako` host tool: runs on the desktop, never on the device."""
