include("$(BOARD_DIR)/../manifest.py")
