//! PGN reading and writing for the command-line analysis (to be written).
