public enum CaretFormats {}
