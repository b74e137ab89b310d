#!/bin/sh
# A minimal GTP engine that accepts everything and always passes: a
# deliberately bad "perfect" player, to show that the referee's check fails.
while read -r id cmd rest; do
  case "$cmd" in
    protocol_version) printf '=%s 2\n\n' "$id" ;;
    genmove) printf '=%s pass\n\n' "$id" ;;
    quit) printf '=%s \n\n' "$id"; exit 0 ;;
    *) printf '=%s \n\n' "$id" ;;
  esac
done
