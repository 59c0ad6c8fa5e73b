import { Form } from 'react-router'
import { Field, SubmitButton } from './form.tsx'
import { Card } from './page.tsx'

/** The upload form of an import (a plain multipart POST: works without JavaScript). */
export function ImportUploadCard({ accept, hint, error }: { accept: string; hint: string; error?: string }) {
  return (
    <Card title="Upload a file">
      <Form method="post" encType="multipart/form-data" className="space-y-3">
        <Field label="File" hint={hint} errors={error ? [error] : undefined} inputProps={{ name: 'file', type: 'file', accept, required: true }} />
        <SubmitButton pendingText="Reading the file...">Upload and preview</SubmitButton>
      </Form>
      <p className="mt-3 text-sm text-muted">Nothing is saved until you confirm on the next page.</p>
    </Card>
  )
}
