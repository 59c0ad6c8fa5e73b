import { useEffect, useRef, useState, type DragEvent } from 'react'
import { useNavigation } from 'react-router'

/**
 * Native HTML drag and drop for moving one kind of item (a deal, a photo), with no library: the
 * dragged item's id travels under a private type, so a drop target takes only its own kind (a
 * file or text dragged in from elsewhere is not a move). The drop posts the same form the item's
 * Move buttons post; without JavaScript the buttons are all there is.
 */
export function dragSourceProps(type: string, id: string) {
  return {
    draggable: true,
    onDragStart: (event: DragEvent) => {
      event.dataTransfer.setData(type, id)
      event.dataTransfer.effectAllowed = 'move'
    },
  }
}

/** Props for a drop target of `type`, and whether an item is over it now (for its outline). */
export function useDropTarget(type: string, onDrop: (id: string) => void) {
  const [over, setOver] = useState(false)
  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(type)
  return {
    over,
    props: {
      onDragOver: (event: DragEvent) => {
        if (!accepts(event)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'move'
        setOver(true)
      },
      onDragLeave: (event: DragEvent) => {
        // Leaving for one of its own children is still over it.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false)
      },
      onDrop: (event: DragEvent) => {
        setOver(false)
        if (!accepts(event)) return
        event.preventDefault()
        const id = event.dataTransfer.getData(type)
        if (id) onDrop(id)
      },
    },
  }
}

/**
 * After a move made from the keyboard, the page comes back with the item elsewhere (another
 * column, another place in the list): focus goes back to the element with the id given, so the
 * next arrow key moves the same item again.
 */
export function useFocusAfterMove() {
  const pending = useRef<string | null>(null)
  const navigation = useNavigation()
  useEffect(() => {
    if (navigation.state !== 'idle' || !pending.current) return
    document.getElementById(pending.current)?.focus()
    pending.current = null
  })
  return (elementId: string) => {
    pending.current = elementId
  }
}
