# bigmod: modular exponentiation below 2^256 (bigmod.c; docs/vpico.md "bigmod")
add_library(usermod_bigmod INTERFACE)
target_sources(usermod_bigmod INTERFACE
    ${CMAKE_CURRENT_LIST_DIR}/bigmod.c
    ${CMAKE_CURRENT_LIST_DIR}/modexp.c
)
target_include_directories(usermod_bigmod INTERFACE ${CMAKE_CURRENT_LIST_DIR})
# the rp2 port builds for size (-Os); the arithmetic is built for speed (later -O wins)
set_source_files_properties(${CMAKE_CURRENT_LIST_DIR}/modexp.c PROPERTIES COMPILE_OPTIONS "-O2")
target_link_libraries(usermod INTERFACE usermod_bigmod)
