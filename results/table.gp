# Written by `gotb table`; run `gnuplot table.gp` to redraw.
$d0 << EOD
1 0 0.001  # 1x1
2 0 0.0001  # 1x2
3 3 0.0001  # 1x3
4 4 0.0001  # 1x4
5 0 0.001  # 1x5
6 1 0.001  # 1x6
7 2 0.003  # 1x7
8 3 0.018  # 1x8
9 0 0.116  # 1x9
10 1 0.832  # 1x10
11 2 2.767  # 1x11

4 1 0.0001  # 2x2
6 0 0.002  # 2x3
8 8 0.005  # 2x4
10 10 0.061  # 2x5
12 12 2.043  # 2x6
14 14 37.695  # 2x7

9 9 0.018  # 3x3
12 4 0.746  # 3x4
15 15 110.887  # 3x5

16 2 1127.9  # 4x4


EOD
$d1 << EOD
1 0 0.001  # 1x1
2 0 0.0001  # 1x2
3 3 0.0001  # 1x3
4 4 0.0001  # 1x4
5 0 0.001  # 1x5
6 1 0.002  # 1x6
7 2 0.006  # 1x7
8 3 0.059  # 1x8
9 0 0.381  # 1x9
10 1 62.992  # 1x10

4 1 0.0001  # 2x2
6 0 0.002  # 2x3
8 8 0.004  # 2x4
10 10 0.066  # 2x5
12 12 4.192  # 2x6
14 14 75.044  # 2x7

9 9 0.017  # 3x3
12 4 1.707  # 3x4
15 15 240.002  # 3x5



EOD
$d2 << EOD
1 0 0.0001  # 1x1
2 0 0.0001  # 1x2
3 3 0.0001  # 1x3
4 4 0.0001  # 1x4
5 0 0.0001  # 1x5
6 1 0.001  # 1x6
7 2 0.003  # 1x7
8 3 0.027  # 1x8
9 0 0.107  # 1x9
10 1 3.073  # 1x10
11 2 9.605  # 1x11

4 1 0.0001  # 2x2
6 0 0.002  # 2x3
8 8 0.004  # 2x4
10 10 0.053  # 2x5
12 12 1.424  # 2x6
14 14 43.272  # 2x7

9 9 0.019  # 3x3
12 4 0.87  # 3x4
15 15 86.956  # 3x5



EOD
$d3 << EOD
1 0 0.0001  # 1x1
2 0 0.0001  # 1x2
3 3 0.0001  # 1x3
4 4 0.0001  # 1x4
5 0 0.0001  # 1x5
6 1 0.001  # 1x6
7 2 0.004  # 1x7
8 3 0.034  # 1x8
9 0 0.15  # 1x9
10 1 4.499  # 1x10
11 2 45.895  # 1x11

4 1 0.0001  # 2x2
6 0 0.002  # 2x3
8 8 0.004  # 2x4
10 10 0.051  # 2x5
12 12 1.625  # 2x6
14 14 41.315  # 2x7

9 9 0.015  # 3x3
12 4 0.854  # 3x4
15 15 104.261  # 3x5

16 2 483.902  # 4x4


EOD
$d4 << EOD
1 0 0.0001  # 1x1
2 0 0.0001  # 1x2
3 3 0.0001  # 1x3
4 4 0.001  # 1x4
5 0 0.001  # 1x5

4 1 0.001  # 2x2
6 0 0.023  # 2x3




EOD
$d5 << EOD
1 0 0.0001  # 1x1
2 0 0.0001  # 1x2
3 2 0.0001  # 1x3
4 3 0.0001  # 1x4
5 0 0.002  # 1x5
6 0 0.294  # 1x6

4 0 0.001  # 2x2
6 0 0.205  # 2x3




EOD
$d6 << EOD
1 0 0.001  # 1x1
2 0 0.0001  # 1x2
3 3 0.0001  # 1x3
4 4 0.001  # 1x4
5 0 0.003  # 1x5

4 0 0.011  # 2x2
6 0 0.053  # 2x3




EOD
$d7 << EOD
1 0 0.0001  # 1x1
2 0 0.096  # 1x2
3 3 0.004  # 1x3





EOD
$d8 << EOD
1 0 0.0001  # 1x1
2 0 0.089  # 1x2





EOD
$d9 << EOD
1 0 0.0001  # 1x1
2 0 0.0001  # 1x2
3 2 0.002  # 1x3
4 2 0.016  # 1x4
5 0 0.104  # 1x5
6 0 3.024  # 1x6

4 0 0.016  # 2x2
6 0 1.469  # 2x3




EOD
set terminal pngcairo size 1100,900 noenhanced
set output 'table.png'
set multiplot layout 2,1 title 'gotb: exact values from the empty board (komi 0)'
set grid
set key outside right
set xtics 1
set xrange [0.5:16.5]
set xlabel 'points on the board (one line per row count: 1xN, 2xN, ...)'
set ylabel 'value (Black - White)'
plot $d0 using 1:2 with linespoints title 'tromp-taylor', $d1 using 1:2 with linespoints title 'tromp-taylor:ko=situational', $d2 using 1:2 with linespoints title 'tromp-taylor:suicide=no', $d3 using 1:2 with linespoints title 'tromp-taylor:ko=situational,suicide=no', $d4 using 1:2 with linespoints title 'international', $d5 using 1:2 with linespoints title 'ikeda-1', $d6 using 1:2 with linespoints title 'kee-2016', $d7 using 1:2 with linespoints title 'kee-2005', $d8 using 1:2 with linespoints title 'kee-2005:scoring=japanese', $d9 using 1:2 with linespoints title 'japanese-2003'
set logscale y
set ylabel 'seconds to prove'
plot $d0 using 1:3 with linespoints title 'tromp-taylor', $d1 using 1:3 with linespoints title 'tromp-taylor:ko=situational', $d2 using 1:3 with linespoints title 'tromp-taylor:suicide=no', $d3 using 1:3 with linespoints title 'tromp-taylor:ko=situational,suicide=no', $d4 using 1:3 with linespoints title 'international', $d5 using 1:3 with linespoints title 'ikeda-1', $d6 using 1:3 with linespoints title 'kee-2016', $d7 using 1:3 with linespoints title 'kee-2005', $d8 using 1:3 with linespoints title 'kee-2005:scoring=japanese', $d9 using 1:3 with linespoints title 'japanese-2003'
unset multiplot
