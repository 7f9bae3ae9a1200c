#!/usr/bin/env bash
# Makes the seed corpus of the image_normalize target (server/fuzz/corpus/image_normalize): tiny
# pictures of every accepted type and variant (orientation and GPS tags, CMYK, alpha, 16-bit,
# palette, interlaced, lossless, HEIC) and a PNG header claiming 30,000 x 30,000 pixels. With
# libvips' command line, exiftool and python3 (make bootstrap installs them).
# Usage: server/fuzz/make_image_seeds.sh
set -euo pipefail
cd "$(dirname "$0")"
out=corpus/image_normalize
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

vips xyz "$work/xy.v" 16 16
vips linear "$work/xy.v" "$work/scaled.v" 16 0 --uchar
vips bandjoin_const "$work/scaled.v" "$work/rgb.v" 128
vips copy "$work/rgb.v" "$work/photo.v" --interpretation srgb
vips bandjoin_const "$work/photo.v" "$work/rgba.v" 200

vips copy "$work/photo.v" "$out/tiny.jpg[Q=50,strip]"
vips copy "$work/photo.v" "$out/progressive.jpg[Q=50,strip,interlace]"
vips copy "$work/photo.v" "$work/tagged.jpg[Q=50,strip]"
exiftool -q -overwrite_original -Orientation#=6 -GPSLatitude=32.08 -GPSLatitudeRef=N \
  -XMP-dc:Creator=x -Comment=x "$work/tagged.jpg"
cp "$work/tagged.jpg" "$out/exif_orientation.jpg"
vips icc_transform "$work/photo.v" "$work/cmyk.v" cmyk
vips copy "$work/cmyk.v" "$out/cmyk.jpg[Q=50,strip]"
vips copy "$work/rgba.v" "$out/alpha.png"
vips copy "$work/photo.v" "$out/palette.png[palette]"
vips copy "$work/photo.v" "$out/interlaced.png[interlace]"
vips cast "$work/scaled.v" "$work/grey16.v" ushort
vips linear "$work/grey16.v" "$work/grey16s.v" 256 0 --uchar=false
vips cast "$work/grey16s.v" "$work/grey16c.v" ushort
vips copy "$work/grey16c.v" "$out/grey16.png[bitdepth=16]" --interpretation grey16
vips copy "$work/photo.v" "$out/lossy.webp[Q=50,strip]"
vips copy "$work/rgba.v" "$out/lossless_alpha.webp[lossless,strip]"
vips copy "$work/photo.v" "$out/tiny.heic[Q=30,compression=hevc,strip]"

# The IHDR of the alpha PNG, made to say 30,000 x 30,000, its CRC fixed.
python3 - "$out/alpha.png" "$out/bomb_header.png" <<'PY'
import struct, sys, zlib
png = bytearray(open(sys.argv[1], "rb").read())
png[16:24] = struct.pack(">II", 30000, 30000)
png[29:33] = struct.pack(">I", zlib.crc32(bytes(png[12:29])))
open(sys.argv[2], "wb").write(png)
PY
ls -l "$out"
