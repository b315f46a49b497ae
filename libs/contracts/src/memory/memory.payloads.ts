export interface UserAssistantPair {
  user: string;
  assistant: string;
}

export interface AddMemoryRequest {
  tenant_id: string;
  sub_tenant_id: string;
  raw_text?: string;
  user_assistant_pairs?: UserAssistantPair[];
  expiry_time?: number;
  infer: boolean;
  custom_instructions?: string;
  user_name?: string;
  memory_id?: string;
}

export interface AddMemoryResult {
  success: boolean;
  user_memory_added: boolean;
  memory_id: string;
  source_id: string;
  chunks_created: number;
  original_chunks: number;
  inferred_chunks: number;
}

export interface RetrieveMemoryRequest {
  tenant_id: string;
  sub_tenant_id: string;
  query: string;
  max_count: number;
  user_name?: string;
}

export interface RetrievedMemory {
  source_id: string;
  source_content: string;
  memory_id: string;
  score: number;
}

export interface RetrieveMemoryResult {
  success: boolean;
  user_memories: RetrievedMemory[];
}

export interface DeleteMemoryRequest {
  tenant_id: string;
  sub_tenant_id: string;
  memory_id: string;
}

export interface DeleteMemoryResult {
  success: boolean;
  user_memory_deleted: boolean;
}
