# web_search.cdf: flow sizes of the web-search workload.
# Source: M. Alizadeh et al., "Data Center TCP (DCTCP)", SIGCOMM 2010, Figure 4 (query and background
# traffic of a production web-search cluster), as distributed with the HPCC simulator:
#   github.com/alibaba-edu/High-Precision-Congestion-Control, traffic_gen/WebSearch_distribution.txt
#   (commit 9cf8b9e8c8d04a3775e06c972c4699dcbce53c37)
# The points are the same as that file's; only the probability column is written as a fraction.
# Format (sims/workload/size_cdf.hpp): one point per line, "SIZE_BYTES CUMULATIVE_PROBABILITY",
# sizes and probabilities non-decreasing, the last probability 1; between points the size is
# interpolated linearly (as HPCC's traffic_gen/custom_rand.py does).
# Mean flow size under linear interpolation: 1,711,250 B (ns-2 scripts that use the same CDF as
# CDF_dctcp.tcl set mean_flow_size = 1711250).
0 0
10000 0.15
20000 0.20
30000 0.30
50000 0.40
80000 0.53
200000 0.60
1000000 0.70
2000000 0.80
5000000 0.90
10000000 0.97
30000000 1
