public enum CaretCLIModule {}
