"""The numbers a compiled kernel and its numpy twin must share, so that both give the same partition hashes
and keys to the last bit: FNV-1a's offset and prime, the golden-ratio multiplier that mixes codes, and the
label of the solved bin."""

FNV_OFFSET = 14695981039346656037
FNV_PRIME = 1099511628211
GOLDEN = 0x9E3779B97F4A7C15
SOLVED_LABEL = 1 << 30
