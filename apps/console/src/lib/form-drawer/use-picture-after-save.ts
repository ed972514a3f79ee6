import { useRef } from 'react';

/**
 * A picture picked in a drawer before its record exists (a new film's poster, a new goods item's
 * image) waits here and is uploaded once the first save comes back as the record being edited.
 */
export function usePictureAfterSave(upload: (file: File, recordId: string) => void) {
  const pending = useRef<File | null>(null);
  const saved = useRef<{ recordId: string; file: File } | null>(null);
  return {
    /** A picked picture: uploaded now to an existing record, or kept for the first save. */
    pick: (file: File, recordId: string | undefined) => {
      if (recordId) upload(file, recordId);
      else pending.current = file;
    },
    hasPending: () => pending.current !== null,
    /** The first save succeeded: the kept picture belongs to this record. */
    saved: (recordId: string) => {
      if (pending.current) saved.current = { recordId, file: pending.current };
      pending.current = null;
    },
    /** The drawer (re)opened on a record: upload what its first save left, forget the rest. */
    opened: (recordId: string | undefined) => {
      const left = saved.current;
      saved.current = null;
      pending.current = null;
      if (left && left.recordId === recordId) upload(left.file, left.recordId);
    },
  };
}
