public enum CaretReplayModule {}
