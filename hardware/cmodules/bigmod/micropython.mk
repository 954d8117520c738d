# bigmod for MicroPython's make-based ports (USER_C_MODULES=hardware/cmodules, e.g. the unix
# port); the rp2 port reads micropython.cmake instead
BIGMOD_MOD_DIR := $(USERMOD_DIR)
SRC_USERMOD_C += $(BIGMOD_MOD_DIR)/bigmod.c
SRC_USERMOD_LIB_C += $(BIGMOD_MOD_DIR)/modexp.c
CFLAGS_USERMOD += -I$(BIGMOD_MOD_DIR)
