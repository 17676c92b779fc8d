import { useState, type RefObject } from 'react';
import { CAPTIONS_MAX_CHARS, formatTime, toWebVtt, parseWebVtt } from '#contract/webvtt';
import { Button } from '../../../../components/ui/button';
import { FileButton } from '../../../../components/ui/file-button';
import { TextArea } from '../../../../components/ui/text-area';

/** How long a caption added at the video's time lasts before the member changes it. */
const NEW_CUE_MS = 2000;

type Props = {
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  /** The preview of the uploaded video: "Add a caption here" starts one at its current time. */
  preview: RefObject<HTMLVideoElement | null>;
};

/**
 * The short's captions as WebVTT: typed or pasted, loaded from a `.vtt` file, or added one at a time against the
 * preview's timeline (pause the preview where someone speaks, add a caption there, type what they say). The player
 * shows them with `<track>`.
 */
export function CaptionsField({ value, onChange, error, preview }: Props) {
  const [problem, setProblem] = useState<string | null>(null);

  const addAtPreview = () => {
    const at = Math.round((preview.current?.currentTime ?? 0) * 1000);
    const parsed = value.trim() ? parseWebVtt(value) : { cues: [] };
    if ('error' in parsed) {
      setProblem(`Fix the captions first: ${parsed.error}`);
      return;
    }
    setProblem(null);
    // Written out with the new cue's text to type over; the member replaces it where the caret lands.
    onChange(toWebVtt([...parsed.cues, { startMs: at, endMs: at + NEW_CUE_MS, text: 'Caption text' }]));
  };

  const load = async ([file]: File[]) => {
    if (!file) return;
    const text = await file.text();
    const parsed = parseWebVtt(text);
    if ('error' in parsed) {
      setProblem(`${file.name}: ${parsed.error}`);
      return;
    }
    setProblem(null);
    onChange(toWebVtt(parsed.cues));
  };

  return (
    <div className="flex flex-col gap-2">
      <TextArea
        label="Captions (WebVTT)"
        hint={`Optional. One caption per block: a time line like ${formatTime(1500)} --> ${formatTime(3500)}, then its text. Pause the preview and add a caption at that moment, or load a .vtt file.`}
        rows={5}
        spellCheck={false}
        className="font-mono text-sm"
        value={value}
        maxLength={CAPTIONS_MAX_CHARS}
        error={problem ?? error}
        onChange={(event) => {
          setProblem(null);
          onChange(event.target.value);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={addAtPreview}>
          Add a caption at the preview’s time
        </Button>
        <FileButton accept=".vtt,text/vtt" onFiles={(files) => void load(files)}>
          Load a .vtt file
        </FileButton>
      </div>
    </div>
  );
}
