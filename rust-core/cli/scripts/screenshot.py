#!/usr/bin/env python3
"""A picture of `kami play` as a player sees it: runs the real game in a pseudo-terminal of the
given size, types the given keys, and paints the terminal's screen (kept by the `pyte` terminal
emulator) to a PNG with DejaVu Sans Mono.

    pip install pyte pexpect pillow
    screenshot.py [--size 80x24] [--data DIR] [--kami PATH] [--args "LEVEL"] OUT.png KEY...

Each KEY is sent after the screen settles: a literal string, or one of up, down, left, right,
enter, esc, wait (half a second more); `--args` are the words after `kami play` (or after
`kami edit` with `--command edit`).
"""
import argparse
import codecs
import os
import time

import pexpect
import pyte
from PIL import Image, ImageDraw, ImageFont

KEYS = {"up": "\x1b[A", "down": "\x1b[B", "right": "\x1b[C", "left": "\x1b[D", "enter": "\r", "esc": "\x1b"}
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
CELL_W, CELL_H = 10, 20


def settle(child, stream, decoder, quiet=0.4, limit=10.0):
    """Feeds the emulator until the game has printed nothing for `quiet` seconds."""
    end = time.time() + limit
    last = time.time()
    while time.time() < end and time.time() - last < quiet:
        try:
            data = child.read_nonblocking(65536, timeout=0.05)
            stream.feed(decoder.decode(data))
            last = time.time()
        except pexpect.TIMEOUT:
            pass
        except pexpect.EOF:
            break


def colour(name, default):
    if name == "default":
        return default
    if len(name) == 6:
        return "#" + name
    return name


def paint(screen, path):
    image = Image.new("RGB", (screen.columns * CELL_W, screen.lines * CELL_H), "white")
    draw = ImageDraw.Draw(image)
    fonts = {False: ImageFont.truetype(FONT, 16), True: ImageFont.truetype(BOLD, 16)}
    for y in range(screen.lines):
        row = screen.buffer[y]
        for x in range(screen.columns):
            cell = row[x]
            fg, bg = colour(cell.fg, "black"), colour(cell.bg, "white")
            if cell.reverse:
                fg, bg = bg, fg
            box = (x * CELL_W, y * CELL_H, (x + 1) * CELL_W - 1, (y + 1) * CELL_H - 1)
            draw.rectangle(box, fill=bg)
            if cell.data == "▀":
                draw.rectangle((box[0], box[1], box[2], box[1] + CELL_H // 2 - 1), fill=fg)
            elif cell.data.strip():
                draw.text((x * CELL_W, y * CELL_H + 1), cell.data, font=fonts[bool(cell.bold)], fill=fg)
    image.save(path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--size", default="80x24")
    parser.add_argument("--data", default=None, help="KAMI_DATA_DIR for the game")
    parser.add_argument("--kami", default="target/release/kami")
    parser.add_argument("--command", default="play", help="the kami command: play (default) or edit")
    parser.add_argument("--args", default="", help="arguments for the command, space-separated")
    parser.add_argument("keys", nargs="*")
    args = parser.parse_args()
    columns, lines = (int(n) for n in args.size.split("x"))
    env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor")
    if args.data:
        env["KAMI_DATA_DIR"] = args.data
    child = pexpect.spawn(args.kami, [args.command] + args.args.split(), env=env, dimensions=(lines, columns))
    screen = pyte.Screen(columns, lines)
    stream = pyte.Stream(screen)
    # A character's bytes can span two reads.
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    settle(child, stream, decoder)
    for key in args.keys:
        if key == "wait":
            time.sleep(0.5)
        else:
            child.send(KEYS.get(key, key))
        settle(child, stream, decoder)
    paint(screen, args.out)
    child.send("q")
    child.expect(pexpect.EOF, timeout=5)


if __name__ == "__main__":
    main()
