#!/usr/bin/env bash
# Renders the home page's hero loop from a formula, so the project owns every pixel
# (the strict CSP allows only same-origin media, and we ship no stock footage).
# The picture is "silk in low light": deep plum folds with a slow gold sheen.
# Every time term is a whole multiple of 2*PI*T/8, so frame 192 equals frame 0 and
# the 8-second loop has no seam. Needs ffmpeg with libvpx-vp9, libx264 and libwebp.
#
# Usage: bash apps/web/scripts/make-hero-video.sh   (writes into apps/web/src/assets/hero/)
set -euo pipefail

out="$(cd "$(dirname "$0")/.." && pwd)/src/assets/hero"
mkdir -p "$out"

size=960x540
fps=24
seconds=8

# Registers: 0 loop phase, 1-2 normalised x/y, 3 broad light, 4 silk folds,
# 5 narrow sheen along the folds, 6 vignette.
setup='st(0,2*PI*T/8);st(1,X/W);st(2,Y/H);'
setup+='st(3,0.5+0.5*sin(2.2*ld(1)+1.4*sin(2.3*ld(2)+ld(0))+ld(0)));'
setup+='st(4,0.5+0.5*sin(8*(ld(1)+0.22*sin(2.4*ld(2)+ld(0))+0.08*sin(5*ld(2)-2*ld(0)))+3.2*ld(2)));'
setup+='st(5,pow(ld(4),7)*(0.3+0.7*ld(3)));'
setup+='st(6,1-1.1*(pow(ld(1)-0.5,2)+pow(ld(2)-0.5,2)))'

# channel BASE_DARK BASE_LIGHT FOLD GOLD: plum base lit by the broad light, blended towards gold by the sheen.
channel() {
  echo "$setup;ld(6)*(($1+$2*ld(3)+$3*ld(4)*ld(3))*(1-ld(5))+$4*ld(5))"
}
filter="geq=r='$(channel 30 46 30 222)':g='$(channel 16 20 16 184)':b='$(channel 34 40 28 118)'"
source="color=c=black:s=${size}:r=${fps}:d=${seconds},format=rgb24"

ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$source" -vf "$filter" -pix_fmt yuv420p \
  -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 -an "$out/hero-loop.webm"
ffmpeg -hide_banner -loglevel error -y -f lavfi -i "$source" -vf "$filter" -pix_fmt yuv420p \
  -c:v libx264 -preset slow -crf 28 -movflags +faststart -an "$out/hero-loop.mp4"
# The poster is the loop's first frame, shown before the video plays and to reduced-motion users.
ffmpeg -hide_banner -loglevel error -y -i "$out/hero-loop.webm" -frames:v 1 -c:v libwebp -quality 80 "$out/hero-poster.webp"

ls -l "$out"
