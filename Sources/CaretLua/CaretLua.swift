public enum CaretLuaModule {}
