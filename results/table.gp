# Written by `gotb table`; run `gnuplot table.gp` to redraw.
$d0 << EOD
1 0 0.00112689  # 1x1
2 0 0.0001  # 1x2
3 3 0.00030376  # 1x3
4 4 0.00179522  # 1x4
5 0 0.0080735  # 1x5
6 1 0.0329803  # 1x6

4 1 0.000706408  # 2x2
6 0 0.018178  # 2x3
8 8 3.63851  # 2x4

EOD
$d1 << EOD
1 0 0.000868879  # 1x1
2 0 0.0001  # 1x2
3 3 0.0001  # 1x3
4 4 0.00231817  # 1x4
5 0 0.0127756  # 1x5
6 1 0.0904628  # 1x6

4 1 0.000367933  # 2x2
6 0 0.12954  # 2x3
8 8 6.2173  # 2x4

EOD
$d2 << EOD
1 0 0.00359404  # 1x1
2 0 0.0001  # 1x2
3 3 0.0001  # 1x3
4 4 0.00462588  # 1x4
5 0 0.00486702  # 1x5
6 1 0.0400862  # 1x6

4 1 0.00026729  # 2x2
6 0 0.0104775  # 2x3
8 8 2.35939  # 2x4

EOD
$d3 << EOD
1 0 0.0001  # 1x1
2 0 0.0001  # 1x2
3 3 0.0001  # 1x3
4 4 0.00144869  # 1x4
5 0 0.0166206  # 1x5
6 1 0.0314572  # 1x6

4 1 0.000239037  # 2x2
6 0 0.0990092  # 2x3
8 8 0.898601  # 2x4

EOD
$d4 << EOD
1 0 0.000110041  # 1x1
2 0 0.000101103  # 1x2
3 3 0.0001  # 1x3
4 4 0.000234849  # 1x4
5 0 0.00130789  # 1x5

4 1 0.000541855  # 2x2
6 0 0.0448688  # 2x3

EOD
$d5 << EOD
1 0 0.0001  # 1x1
2 0 0.0001  # 1x2
3 2 0.000128926  # 1x3
4 3 0.000525803  # 1x4
5 0 0.00364047  # 1x5
6 0 0.308929  # 1x6

4 0 0.00509845  # 2x2
6 0 0.447788  # 2x3

EOD
$d6 << EOD
1 0 0.0001  # 1x1
2 0 0.0001  # 1x2
3 3 0.0001  # 1x3
4 4 0.0014037  # 1x4

4 0 1.30697  # 2x2

EOD
$d7 << EOD
1 0 0.0001  # 1x1
2 0 0.0783399  # 1x2
3 3 0.00391248  # 1x3


EOD
$d8 << EOD
1 0 0.0001  # 1x1
2 0 0.0744821  # 1x2


EOD
$d9 << EOD
1 0 0.0001  # 1x1
2 0 0.0001  # 1x2
3 2 0.0004296  # 1x3
4 2 0.00452958  # 1x4
5 0 0.0711487  # 1x5

4 0 0.0148625  # 2x2

EOD
set terminal pngcairo size 1100,900 noenhanced
set output 'table.png'
set multiplot layout 2,1 title 'gotb: exact values from the empty board (komi 0)'
set grid
set key outside right
set xtics 1
set xlabel 'points on the board (one line per row count: 1xN, 2xN, ...)'
set ylabel 'value (Black - White)'
plot $d0 using 1:2 with linespoints title 'tromp-taylor', $d1 using 1:2 with linespoints title 'tromp-taylor:ko=situational', $d2 using 1:2 with linespoints title 'tromp-taylor:suicide=no', $d3 using 1:2 with linespoints title 'tromp-taylor:ko=situational,suicide=no', $d4 using 1:2 with linespoints title 'international', $d5 using 1:2 with linespoints title 'ikeda-1', $d6 using 1:2 with linespoints title 'kee-2016', $d7 using 1:2 with linespoints title 'kee-2005', $d8 using 1:2 with linespoints title 'kee-2005:scoring=japanese', $d9 using 1:2 with linespoints title 'japanese-2003'
set logscale y
set ylabel 'seconds to prove'
plot $d0 using 1:3 with linespoints title 'tromp-taylor', $d1 using 1:3 with linespoints title 'tromp-taylor:ko=situational', $d2 using 1:3 with linespoints title 'tromp-taylor:suicide=no', $d3 using 1:3 with linespoints title 'tromp-taylor:ko=situational,suicide=no', $d4 using 1:3 with linespoints title 'international', $d5 using 1:3 with linespoints title 'ikeda-1', $d6 using 1:3 with linespoints title 'kee-2016', $d7 using 1:3 with linespoints title 'kee-2005', $d8 using 1:3 with linespoints title 'kee-2005:scoring=japanese', $d9 using 1:3 with linespoints title 'japanese-2003'
unset multiplot
