#!/usr/bin/env bash
# A Gomocup brain that answers with its arguments in order, one an answer,
# whatever the board, and answers ERROR when they run out: for the arena's
# tests of what a move leads to (a forbidden point under Renju, an overline)
# and of Swap2's answers. An argument is a move (x,y), or for SWAP2BOARD
# `SWAP` or stones (`x,y x,y x,y`). It reads INFO and ignores it.
moves=("$@")
next=0
play() {
    if ((next < ${#moves[@]})); then
        echo "${moves[next]}"
        next=$((next + 1))
    else
        echo "ERROR no more moves"
    fi
}
in_board=0
while IFS= read -r line; do
    line=${line%$'\r'}
    if ((in_board)); then
        [[ $line == DONE ]] && in_board=0 && play
        continue
    fi
    case $line in
        START* | RESTART) echo OK ;;
        BEGIN | TURN*) play ;;
        BOARD | SWAP2BOARD) in_board=1 ;;
        INFO*) ;;
        END) exit 0 ;;
        ABOUT) echo 'name="scripted", version="1"' ;;
        *) echo "UNKNOWN $line" ;;
    esac
done
