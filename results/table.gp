# Written by `gotb table`; run `gnuplot table.gp` to redraw.
$d0 << EOD
1 0 0.00771567  # 1x1
2 0 0.000751646  # 1x2
3 3 0.000284713  # 1x3
4 4 0.0059766  # 1x4
5 0 0.00633181  # 1x5
6 1 0.00775569  # 1x6
7 2 0.0142781  # 1x7
8 3 0.0478586  # 1x8
9 0 0.236412  # 1x9
10 1 2.09978  # 1x10

4 1 0.0028209  # 2x2
6 0 0.0100933  # 2x3
8 8 0.0380253  # 2x4
10 10 0.371901  # 2x5
12 12 6.75581  # 2x6

9 9 0.0666229  # 3x3
12 4 2.32092  # 3x4

EOD
$d1 << EOD
1 0 0.00126812  # 1x1
2 0 0.000702922  # 1x2
3 3 0.000222816  # 1x3
4 4 0.0037031  # 1x4
5 0 0.00393603  # 1x5
6 1 0.0109963  # 1x6
7 2 0.0170353  # 1x7
8 3 0.119415  # 1x8
9 0 0.7253  # 1x9

4 1 0.0041418  # 2x2
6 0 0.00885374  # 2x3
8 8 0.0338707  # 2x4
10 10 0.415979  # 2x5

9 9 0.0577023  # 3x3
12 4 3.02861  # 3x4

EOD
$d2 << EOD
1 0 0.000529841  # 1x1
2 0 0.000429099  # 1x2
3 3 0.00028803  # 1x3
4 4 0.00380907  # 1x4
5 0 0.00291804  # 1x5
6 1 0.00685024  # 1x6
7 2 0.01186  # 1x7
8 3 0.0582271  # 1x8
9 0 0.316137  # 1x9
10 1 6.95432  # 1x10

4 1 0.00242319  # 2x2
6 0 0.00911551  # 2x3
8 8 0.0206613  # 2x4
10 10 0.25754  # 2x5
12 12 4.29439  # 2x6

9 9 0.0652023  # 3x3
12 4 1.42106  # 3x4

EOD
$d3 << EOD
1 0 0.000418719  # 1x1
2 0 0.00061789  # 1x2
3 3 0.000174663  # 1x3
4 4 0.00647966  # 1x4
5 0 0.00291455  # 1x5
6 1 0.00678096  # 1x6
7 2 0.0134425  # 1x7
8 3 0.109827  # 1x8
9 0 0.338225  # 1x9

4 1 0.00271068  # 2x2
6 0 0.00892282  # 2x3
8 8 0.0195886  # 2x4
10 10 0.194055  # 2x5
12 12 4.23945  # 2x6

9 9 0.0487016  # 3x3
12 4 1.4636  # 3x4

EOD
$d4 << EOD
1 0 0.000509332  # 1x1
2 0 0.000152581  # 1x2
3 3 0.000187158  # 1x3
4 4 0.00863604  # 1x4
5 0 0.0130933  # 1x5

4 1 0.00376752  # 2x2
6 0 0.0435169  # 2x3


EOD
$d5 << EOD
1 0 0.00137444  # 1x1
2 0 0.000147271  # 1x2
3 2 0.00012611  # 1x3
4 3 0.000545381  # 1x4
5 0 0.00347138  # 1x5
6 0 0.247177  # 1x6

4 0 0.00122858  # 2x2
6 0 0.205784  # 2x3


EOD
$d6 << EOD
1 0 0.00581459  # 1x1
2 0 0.000216423  # 1x2
3 3 0.00148536  # 1x3
4 4 0.0127835  # 1x4
5 0 0.022137  # 1x5

4 0 0.00398589  # 2x2
6 0 0.108642  # 2x3


EOD
$d7 << EOD
1 0 0.0001  # 1x1
2 0 0.0796325  # 1x2
3 3 0.00380378  # 1x3



EOD
$d8 << EOD
1 0 0.0001  # 1x1
2 0 0.071677  # 1x2



EOD
$d9 << EOD
1 0 0.000338266  # 1x1
2 0 0.000908504  # 1x2
3 2 0.00928395  # 1x3
4 2 0.0329504  # 1x4
5 0 0.134211  # 1x5
6 0 3.1778  # 1x6

4 0 0.030563  # 2x2
6 0 2.31306  # 2x3


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
