#!/usr/bin/env bash
# A Gomocup brain that plays a random free point, for the tournament's tests.
# It knows no opening rule (INFO outer_open is ignored), so as Black under
# Outer-Open it may open off the outer band and lose. Its random source is a
# linear congruential generator seeded by its argument, so a seed gives the
# same moves in every bash.
state=${1:-1}
size=15
declare -A taken
next() {
    state=$(((state * 1103515245 + 12345) % 2147483648))
    r=$((state / 65536))
}
free_point() {
    while :; do
        next; x=$((r % size))
        next; y=$((r % size))
        [[ -z ${taken[$x,$y]} ]] && break
    done
    taken[$x,$y]=1
    echo "$x,$y"
}
in_board=0
while IFS= read -r line; do
    line=${line%$'\r'}
    if ((in_board)); then
        if [[ $line == DONE ]]; then
            in_board=0
            free_point
        else
            IFS=, read -r x y _ <<<"$line"
            taken[$x,$y]=1
        fi
        continue
    fi
    case $line in
        START*) size=${line#START }; taken=(); echo OK ;;
        RESTART) taken=(); echo OK ;;
        BEGIN) free_point ;;
        TURN*) taken[${line#TURN }]=1; free_point ;;
        BOARD) in_board=1 ;;
        INFO*) ;;
        END) exit 0 ;;
        ABOUT) echo 'name="random", version="1"' ;;
        *) echo "UNKNOWN $line" ;;
    esac
done
