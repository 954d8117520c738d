export function bit(n) {
    return 1 << n;
}
export function s32(n) {
    return n | 0;
}
export function u32(n) {
    return n >>> 0;
}
