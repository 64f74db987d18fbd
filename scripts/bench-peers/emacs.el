;;; emacs.el --- replay an editing trace in an Emacs buffer, for caret-bench  -*- lexical-binding: t -*-
;;
;;   emacs -Q --batch -l scripts/bench-peers/emacs.el TRACE.json undo|noundo [REPETITIONS]
;;
;; TRACE.json is a trace in the public editing-trace format, uncompressed: {startContent,
;; endContent, txns: [{patches: [[pos, del, ins], ...]}]}, positions and lengths in Unicode code
;; points -- Emacs's own unit (a buffer position counts characters), so no conversion is needed.
;; The patches are flattened into a vector before the clock starts, and the replay loop is
;; byte-compiled (as any Emacs package's code is). "undo" keeps the buffer's undo list (an undo
;; boundary after each transaction, as the command loop makes one per command); "noundo"
;; disables it. Prints "ms ELAPSED" per repetition, timing only the edit loop, then "ok" when the
;; buffer text equals endContent (exit 1 otherwise). Emacs's default GC settings are kept.

(defun caret-bench-replay (edits undo)
  "Apply EDITS, [POSITION DELETED TEXT LAST-OF-TXN] each, to this buffer."
  (let ((n (length edits))
        (i 0))
    (while (< i n)
      (let* ((e (aref edits i))
             (p (1+ (aref e 0)))
             (deleted (aref e 1)))
        (when (> deleted 0) (delete-region p (+ p deleted)))
        (goto-char p)
        (insert (aref e 2))
        (when (and undo (aref e 3)) (undo-boundary)))
      (setq i (1+ i)))))

(byte-compile 'caret-bench-replay)

(let* ((args command-line-args-left)
       (path (nth 0 args))
       (undo (equal (nth 1 args) "undo"))
       (repetitions (string-to-number (or (nth 2 args) "1")))
       (trace (with-temp-buffer
                (let ((coding-system-for-read 'utf-8))
                  (insert-file-contents path))
                (json-parse-buffer :object-type 'alist)))
       (start (alist-get 'startContent trace))
       (end (alist-get 'endContent trace))
       (txns (alist-get 'txns trace))
       (edits '())
       (final nil))
  (setq command-line-args-left nil)
  (dotimes (k (length txns))
    (let ((patches (alist-get 'patches (aref txns k))))
      (dotimes (i (length patches))
        (let ((patch (aref patches i)))
          (push (vector (aref patch 0) (aref patch 1) (aref patch 2) (= i (1- (length patches))))
                edits)))))
  (setq edits (vconcat (nreverse edits)))
  (dotimes (_ repetitions)
    (with-temp-buffer
      (if undo (buffer-enable-undo) (buffer-disable-undo))
      (insert start)
      (let ((t0 (float-time)))
        (caret-bench-replay edits undo)
        (princ (format "ms %.4f\n" (* 1000 (- (float-time) t0)))))
      (setq final (buffer-substring-no-properties (point-min) (point-max)))))
  (if (string= final end)
      (princ "ok\n")
    (princ (format "final text differs from endContent (%d characters, expected %d)\n"
                   (length final) (length end)))
    (kill-emacs 1)))
