# Written by `gotb table`; run `gnuplot table.gp` to redraw.
$d0 << EOD
1 0 0.000832569  # 1x1
2 0 0.00027239  # 1x2
3 3 0.000160617  # 1x3
4 4 0.0034365  # 1x4
5 0 0.00570591  # 1x5
6 1 0.0538769  # 1x6

4 1 0.00360329  # 2x2
6 0 0.0157641  # 2x3
8 8 0.344913  # 2x4


EOD
$d1 << EOD
1 0 0.000236451  # 1x1
2 0 0.000656413  # 1x2
3 3 0.000133746  # 1x3
4 4 0.00258496  # 1x4
5 0 0.00611285  # 1x5
6 1 10.0828  # 1x6

4 1 0.00323649  # 2x2
6 0 0.0209054  # 2x3
8 8 13.6152  # 2x4


EOD
$d2 << EOD
1 0 0.00039812  # 1x1
2 0 0.000175495  # 1x2
3 3 0.000158452  # 1x3
4 4 0.0013998  # 1x4
5 0 0.00514078  # 1x5
6 1 0.0149135  # 1x6

4 1 0.00347661  # 2x2
6 0 0.0137334  # 2x3
8 8 0.204541  # 2x4


EOD
$d3 << EOD
1 0 0.000400264  # 1x1
2 0 0.000197888  # 1x2
3 3 0.000194071  # 1x3
4 4 0.00179038  # 1x4
5 0 0.00468057  # 1x5
6 1 0.0113111  # 1x6
7 2 12.1942  # 1x7

4 1 0.003104  # 2x2
6 0 0.0131439  # 2x3
8 8 0.168082  # 2x4


EOD
$d4 << EOD
1 0 0.000432276  # 1x1
2 0 0.0001  # 1x2
3 3 0.000694887  # 1x3
4 4 0.00602861  # 1x4
5 0 0.0138266  # 1x5

4 1 0.000703422  # 2x2
6 0 0.0329332  # 2x3


EOD
$d5 << EOD
1 0 0.000975411  # 1x1
2 0 0.0001  # 1x2
3 2 0.000394914  # 1x3
4 3 0.000535202  # 1x4
5 0 0.0038754  # 1x5
6 0 0.30217  # 1x6

4 0 0.00114407  # 2x2
6 0 0.226684  # 2x3


EOD
$d6 << EOD
1 0 0.0032598  # 1x1
2 0 0.000213207  # 1x2
3 3 0.00172834  # 1x3
4 4 0.0100676  # 1x4
5 0 0.0243146  # 1x5

4 0 0.00266675  # 2x2
6 0 0.109231  # 2x3


EOD
$d7 << EOD
1 0 0.0001  # 1x1
2 0 0.0780285  # 1x2
3 3 0.00393129  # 1x3



EOD
$d8 << EOD
1 0 0.0001  # 1x1
2 0 0.0756574  # 1x2



EOD
$d9 << EOD
1 0 0.000200442  # 1x1
2 0 0.000951707  # 1x2
3 2 0.00630824  # 1x3
4 2 0.0329369  # 1x4
5 0 0.138531  # 1x5
6 0 3.67872  # 1x6

4 0 0.0296791  # 2x2
6 0 2.37628  # 2x3


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
