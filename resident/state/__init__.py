"""State on disk: atomic writes (`atomic`), the write-through state files with their last good
copy (`statefile`), and the storage probes health uses (`storage`)."""
