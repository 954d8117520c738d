"""Draw hardware/bootsel.png, the install picture of hardware/README.md (hold BOOTSEL, plug in,
drag the UF2 onto RPI-RP2). Drawn here with Pillow (a matplotlib dependency), nothing downloaded:
    .venv/bin/python hardware/draw_bootsel.py
"""
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

W, H = 780, 300
RED, GREY, INK = (192, 57, 43), (85, 85, 85), (34, 34, 34)


def font(size, bold=False):
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    try:
        return ImageFont.truetype(name, size)
    except OSError:
        return ImageFont.load_default()


def arrow(d, a, b):
    d.line([a, b], fill=RED, width=4)
    (x0, y0), (x1, y1) = a, b
    dx, dy = x1 - x0, y1 - y0
    n = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / n, dy / n
    d.polygon([(x1, y1), (x1 - 14 * ux + 7 * uy, y1 - 14 * uy - 7 * ux),
               (x1 - 14 * ux - 7 * uy, y1 - 14 * uy + 7 * ux)], fill=RED)


def draw():
    im = Image.new("RGB", (W, H), "white")
    d = ImageDraw.Draw(im)
    # 1: the Pico, its BOOTSEL button held
    d.text((18, 14), "1", font=font(22, True), fill=INK)
    d.text((44, 18), "Hold BOOTSEL", font=font(16), fill=INK)
    x, y = 60, 70
    d.rounded_rectangle([x + 37, y - 12, x + 73, y + 12], 3, fill=(176, 176, 176), outline=GREY)
    d.text((x + 44, y - 30), "USB", font=font(11), fill=GREY)
    d.rounded_rectangle([x, y, x + 110, y + 210], 6, fill=(46, 125, 50), outline=(27, 94, 32), width=2)
    d.rounded_rectangle([x + 37, y - 12, x + 73, y + 8], 3, fill=(176, 176, 176), outline=GREY)
    for i in range(10):
        for px in (x + 8, x + 102):
            d.ellipse([px - 3, y + 17 + 20 * i, px + 3, y + 23 + 20 * i], fill=(212, 175, 55))
    d.rectangle([x + 30, y + 95, x + 80, y + 145], fill=(34, 34, 34))
    d.text((x + 36, y + 113), "RP2040", font=font(9), fill=(204, 204, 204))
    bx, by = x + 32, y + 45
    d.ellipse([bx - 11, by - 11, bx + 11, by + 11], fill=(245, 245, 245), outline=GREY, width=2)
    d.ellipse([bx - 18, by - 18, bx + 18, by + 18], outline=RED, width=3)
    d.text((x + 40, y + 185), "Pico", font=font(13), fill="white")
    arrow(d, (205, 150), (bx + 20, by + 8))
    d.text((180, 160), "BOOTSEL", font=font(13, True), fill=RED)
    d.text((180, 178), "white button", font=font(11), fill=GREY)
    d.text((180, 192), "by the USB socket", font=font(11), fill=GREY)
    # 2: plug in while holding it
    d.text((290, 14), "2", font=font(22, True), fill=INK)
    d.text((316, 18), "Plug in USB, then let go", font=font(16), fill=INK)
    d.rounded_rectangle([310, 90, 430, 170], 6, fill=(236, 239, 241), outline=(96, 125, 139), width=2)
    d.rectangle([322, 102, 418, 158], fill=(55, 71, 79))
    d.rectangle([350, 170, 390, 180], fill=(96, 125, 139))
    d.text((340, 188), "computer", font=font(11), fill=GREY)
    d.rectangle([430, 122, 446, 138], fill=(136, 136, 136))
    pts = [(446 + t * 100, 130 + (1 - (1 - t) ** 2) * 100) for t in [i / 20 for i in range(21)]]
    d.line(pts, fill=INK, width=5)
    d.text((420, 240), "to the Pico,", font=font(11), fill=GREY)
    d.text((420, 254), "BOOTSEL held", font=font(11), fill=GREY)
    # 3: drag the UF2 onto the drive
    d.text((560, 14), "3", font=font(22, True), fill=INK)
    d.text((586, 18), "Drag the UF2 onto", font=font(16), fill=INK)
    d.text((586, 38), "the RPI-RP2 drive", font=font(16), fill=INK)
    fx, fy = 580, 80
    d.polygon([(fx, fy), (fx + 28, fy), (fx + 40, fy + 12), (fx + 40, fy + 50), (fx, fy + 50)],
              fill=(255, 248, 225), outline=(141, 110, 99))
    d.text((fx + 8, fy + 26), "UF2", font=font(11, True), fill=(93, 64, 55))
    d.text((fx + 48, fy + 10), "burako-0.1.0-", font=font(11), fill=INK)
    d.text((fx + 48, fy + 25), "pico_lcd_13.uf2", font=font(11), fill=INK)
    arrow(d, (605, 140), (645, 188))
    d.rounded_rectangle([620, 192, 750, 238], 6, fill=(227, 242, 253), outline=(21, 101, 192), width=2)
    d.text((634, 206), "RPI-RP2", font=font(14, True), fill=(13, 71, 161))
    d.ellipse([726, 218, 734, 226], fill=(67, 160, 71))
    d.text((560, 254), "The console restarts on its title.", font=font(11), fill=GREY)
    d.text((560, 270), "Saves and scores are kept.", font=font(11), fill=GREY)
    return im


if __name__ == "__main__":
    draw().save(Path(__file__).with_name("bootsel.png"), optimize=True)
