# data_mining.cdf: flow sizes of the data-mining workload.
# Source: A. Greenberg et al., "VL2: A Scalable and Flexible Data Center Network", SIGCOMM 2009,
# Figure 2 (flow sizes in a data-mining cluster), as distributed with the Opera simulator:
#   github.com/TritonNetworking/opera-sim, Figure1_traffic/datamining.csv
#   (commit ed471fed5c2f561387c0cf10a1d96d5c670e746a)
# The points are the same as that file's (comma replaced by a space).
# Format (sims/workload/size_cdf.hpp): one point per line, "SIZE_BYTES CUMULATIVE_PROBABILITY",
# sizes and probabilities non-decreasing, the last probability 1; between points the size is
# interpolated linearly.
# Mean flow size under linear interpolation: 5,036,535 B. (ns-2 scripts that use the packet-based
# CDF_vl2.tcl of the same measurements set meanFlowSize = 5117 x 1460 = 7,470,820 B.)
100 0
180 0.085
250 0.14
560 0.33
900 0.47
1100 0.55
1870 0.65
3160 0.7
10000 0.8
100001 0.874
400000 0.9
1850000 0.95
10000000 0.97
30000000 0.98
100000000 0.99
250000000 0.995
1000000000 1
