import { useState } from 'react';
import { App, Button, Image, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { imageAccept, imageFileProblem } from './image-file';

/**
 * The picture column of a console drawer (a film's poster, a goods item's image): the saved
 * picture, or the picked file while it uploads or until the new record is saved (the drawer
 * uploads it right after the first save); an upload button; a hint. A picked file is checked in
 * the browser first (type and size; the server checks the bytes again). Render it with `key` set
 * to the record's id, so a preview never outlives its record.
 */
export function ImageUploadField(props: {
  label: string;
  hint: string;
  uploadLabel: string;
  /** Shown before the record is saved: a picked picture is uploaded with the first save. */
  notSavedYet: string;
  /** The picture's size on screen. */
  frame: { width: number; height: number };
  problems: { type: string; tooLarge: string };
  /** The saved picture; null before the record exists. */
  image: { src: string; alt: string } | null;
  testId?: string;
  isUploading: boolean;
  onPick: (file: File) => void;
}) {
  const { message } = App.useApp();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const { image } = props;

  const pick = (file: File) => {
    const problem = imageFileProblem(file);
    if (problem) {
      void message.error(problem === 'type' ? props.problems.type : props.problems.tooLarge);
    } else {
      setPreviewUrl(URL.createObjectURL(file));
      props.onPick(file);
    }
    return Upload.LIST_IGNORE;
  };

  return (
    <>
      <Typography.Text strong>{props.label}</Typography.Text>
      <div style={{ margin: '8px 0' }}>
        {image || previewUrl ? (
          <Image
            src={previewUrl && (props.isUploading || !image) ? previewUrl : image!.src}
            width={props.frame.width}
            height={props.frame.height}
            style={{ objectFit: 'cover', borderRadius: 6 }}
            alt={image?.alt ?? props.label}
            data-testid={props.testId}
          />
        ) : null}
        {!image && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {props.notSavedYet}
          </Typography.Paragraph>
        )}
      </div>
      <Upload accept={imageAccept} showUploadList={false} beforeUpload={pick}>
        <Button icon={<UploadOutlined />} loading={props.isUploading}>
          {props.uploadLabel}
        </Button>
      </Upload>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
        {props.hint}
      </Typography.Paragraph>
    </>
  );
}
