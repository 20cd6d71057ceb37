"""The house: MAX's processes and who owns what. One supervisor for every child process
(`supervisor`), the daemon's ownership record and locks (`ownership`), the Prefect server and
flows worker as companions of `resident up` (`companions`, `prefect`)."""
